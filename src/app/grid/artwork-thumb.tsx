import type { ArtworkPreview } from "../../core/artwork/artwork-check";

/**
 * A checked artwork link's picture, small, beside it: an image itself (loaded without telling its site where from), a
 * marker for a PDF's first page or another artwork file, or a mark that no artwork file is there.
 */
export function ArtworkThumb({ preview, size = 20 }: { readonly preview: ArtworkPreview; readonly size?: number }) {
  if (preview.kind === "image" && preview.src)
    return (
      <img
        class="artwork-thumb"
        src={preview.src}
        alt={preview.label}
        title={preview.label}
        width={size}
        height={size}
        loading="lazy"
        referrerpolicy="no-referrer"
        data-testid="artwork-thumb"
      />
    );
  const mark = preview.kind === "pdf" ? "PDF" : preview.kind === "file" ? "FILE" : "!";
  return (
    <span
      class={`artwork-thumb ${preview.kind}`}
      role="img"
      aria-label={preview.label}
      title={preview.label}
      style={{ width: `${size}px`, height: `${size}px` }}
      data-testid="artwork-thumb"
    >
      {mark}
    </span>
  );
}
