import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";

/** The files the picker offers: workbooks and CSV or other delimited text. */
const SHEET_FILE_TYPES =
  ".xlsx,.xlsm,.csv,.tsv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

interface Props {
  readonly error?: string | undefined;
  /** One file, or several dropped together (one review and one batch of them all). */
  readonly onFiles: (files: readonly File[]) => void;
  /** Shown under the drop zone: what helps the user start (the order form's download). */
  readonly children?: ComponentChildren;
}

export function UploadStep({ error, onFiles, children }: Props) {
  const [dragging, setDragging] = useState(false);
  return (
    <section>
      <h2>Order sheet</h2>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop zone around the file input */}
      <div
        class={`drop ${dragging ? "dragging" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const files = [...(event.dataTransfer?.files ?? [])];
          if (files.length > 0) onFiles(files);
        }}
      >
        <p>Drop an order sheet here (Excel .xlsx or CSV), or several clubs' sheets together, or</p>
        <label class="button">
          Choose order sheets
          <input
            type="file"
            multiple
            accept={SHEET_FILE_TYPES}
            aria-label="Order sheet"
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              // The same files chosen again must still be read.
              event.currentTarget.value = "";
              if (files.length > 0) onFiles(files);
            }}
          />
        </label>
      </div>
      {children}
    </section>
  );
}
