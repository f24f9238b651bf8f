import { LiveStatus } from "../live-status";

interface Props {
  readonly fileName: string;
  readonly progress: string;
  /** Stops checking, back to the step before; undefined when it cannot be stopped. */
  readonly onStop: (() => void) | undefined;
}

/** Reading and checking the rows (or reopening a saved review): what is being done, said as it goes. */
export function CheckingStep({ fileName, progress, onStop }: Props) {
  const text = `${progress}…`;
  return (
    <section data-testid="checking">
      <h2>Checking {fileName}</h2>
      <p data-testid="checking-progress">{text}</p>
      <LiveStatus text={text} testId="checking-status" />
      {onStop && (
        <button type="button" class="secondary" onClick={onStop}>
          Stop checking
        </button>
      )}
    </section>
  );
}
