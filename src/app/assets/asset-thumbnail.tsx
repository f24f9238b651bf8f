import { useEffect, useState } from "preact/hooks";
import { currentImage, thumbnailUrl } from "../../core/reorder/asset-catalogue";
import type { AssetFacts } from "./asset-facts";
import "./assets.css";

interface Props {
  readonly facts: AssetFacts | undefined;
  readonly tag: string;
  readonly name: string;
  /** Read the design's files only once this is true (its card has come into view). */
  readonly load: boolean;
}

/** The design's current image as a 100-pixel thumbnail, or a placeholder while there is none to show. */
export function AssetThumbnail({ facts, tag, name, load }: Props) {
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    if (load) facts?.wantFiles(tag);
  }, [load, facts, tag]);
  const fact = facts?.files(tag);
  const image = currentImage(fact?.value);
  if (image === undefined || broken) {
    const waiting = !broken && load && fact?.value === undefined && !fact?.failed;
    return (
      <div
        class="asset-thumb placeholder"
        role="img"
        aria-label={waiting ? `Loading the picture of ${name}` : `No picture of ${name}`}
      >
        <span aria-hidden="true">{waiting ? "…" : "No picture"}</span>
      </div>
    );
  }
  return (
    <img
      class="asset-thumb"
      src={thumbnailUrl(image.cdnUrl, 100)}
      alt={name}
      width={100}
      height={100}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}
