import type { ReadProgress } from "../../sheet/workbook";

const PHASES: Readonly<Record<ReadProgress["phase"], string>> = {
  checking: "Checking the file",
  parsing: "Reading the sheet",
  converting: "Preparing the rows",
};

interface Props {
  readonly fileName: string;
  readonly progress: ReadProgress | undefined;
  readonly onCancel: () => void;
}

export function OpeningStep({ fileName, progress, onCancel }: Props) {
  const percent = progress?.fraction === undefined ? undefined : Math.round(progress.fraction * 100);
  return (
    <section aria-busy="true" data-testid="opening">
      <h2>Reading {fileName}</h2>
      <p role="status">
        {progress ? PHASES[progress.phase] : "Starting"}
        {percent === undefined ? "…" : ` — ${percent}%`}
      </p>
      <progress max={100} value={percent} aria-label="Reading progress" />
      <div class="actions">
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
