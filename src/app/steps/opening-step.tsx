import type { ReadProgress } from "../../sheet/read/workbook";
import { LiveStatus } from "../live-status";

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
  const text = `${progress ? PHASES[progress.phase] : "Starting"}${percent === undefined ? "…" : ` — ${percent}%`}`;
  return (
    <section data-testid="opening">
      <h2>Reading {fileName}</h2>
      <p data-testid="opening-progress">{text}</p>
      <LiveStatus text={text} testId="opening-status" />
      <progress max={100} value={percent} aria-label="Reading progress" />
      <div class="actions">
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
