import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";

/** The files the picker offers: workbooks and CSV or other delimited text. */
const SHEET_FILE_TYPES =
  ".xlsx,.xlsm,.csv,.tsv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

interface Props {
  readonly error?: string | undefined;
  readonly onFile: (file: File) => void;
  /** Shown under the drop zone: what helps the user start (the order form's download). */
  readonly children?: ComponentChildren;
}

export function UploadStep({ error, onFile, children }: Props) {
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
          const file = event.dataTransfer?.files[0];
          if (file) onFile(file);
        }}
      >
        <p>Drop an order sheet here (Excel .xlsx or CSV), or</p>
        <label class="button">
          Choose order sheet
          <input
            type="file"
            accept={SHEET_FILE_TYPES}
            aria-label="Order sheet"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) onFile(file);
            }}
          />
        </label>
      </div>
      {children}
    </section>
  );
}
