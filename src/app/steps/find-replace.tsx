import { countOf } from "../../core/plural";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { ImportWorkflow } from "../workflow/import-workflow";

interface Props {
  readonly headers: readonly string[];
  readonly initialColumn: string | undefined;
  readonly revision: number;
  readonly workflow: ImportWorkflow;
  readonly onClose: () => void;
}

/** Find and replace within one column, with the number of cells it will change shown first. */
export function FindReplace({ headers, initialColumn, revision, workflow, onClose }: Props) {
  const [column, setColumn] = useState(initialColumn ?? headers[0] ?? "");
  const [find, setFind] = useState("");
  const [replacement, setReplacement] = useState("");
  const [matchCase, setMatchCase] = useState(false);
  const [count, setCount] = useState(0);
  const [done, setDone] = useState<string | undefined>();
  const form = useRef<HTMLFormElement>(null);
  const findInput = useRef<HTMLInputElement>(null);
  // What had focus when it opened (the button, or the grid for Ctrl+H) has it back when it closes.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  useLayoutEffect(() => {
    findInput.current?.focus();
    const formElement = form.current;
    return () => {
      const focused = document.activeElement;
      // Only when focus is in the form that goes (or nowhere): focus the user moved elsewhere stays there.
      if (focused && focused !== document.body && !formElement?.contains(focused)) return;
      const target =
        opener instanceof HTMLElement && opener.isConnected
          ? opener
          : document.querySelector<HTMLElement>('[role="grid"]');
      target?.focus();
    };
  }, [opener]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: counted again whenever the session changes (its revision).
  useEffect(() => {
    let current = true;
    void workflow.countInColumn(column, find, matchCase).then((n) => current && setCount(n));
    return () => {
      current = false;
    };
  }, [workflow, column, find, matchCase, revision]);
  return (
    <form
      ref={form}
      class="find-replace"
      aria-label="Find and replace in a column"
      data-testid="find-replace"
      onSubmit={(event) => {
        event.preventDefault();
        void workflow.replaceInColumn(column, find, replacement, matchCase).then((result) => {
          // What the replace changed, not what the last count said (it may have been of other text).
          const changed = result?.changedCells ?? 0;
          setDone(
            changed === 0
              ? "Nothing was replaced."
              : `Replaced in ${countOf(changed, "cell", "cells")}. Undo takes it back.`,
          );
        });
      }}
      onKeyDown={(event) => event.key === "Escape" && onClose()}
    >
      <label>
        Column
        <select value={column} onChange={(e) => setColumn(e.currentTarget.value)}>
          {headers.map((header) => (
            <option key={header} value={header}>
              {header}
            </option>
          ))}
        </select>
      </label>
      <label>
        Find
        <input ref={findInput} value={find} onInput={(e) => setFind(e.currentTarget.value)} />
      </label>
      <label>
        Replace with
        <input value={replacement} onInput={(e) => setReplacement(e.currentTarget.value)} />
      </label>
      <label class="check">
        <input type="checkbox" checked={matchCase} onChange={(e) => setMatchCase(e.currentTarget.checked)} /> Match case
      </label>
      <span role="status" data-testid="find-count">
        {find === "" ? "Type what to find." : `${countOf(count, "cell contains", "cells contain")} it.`}
      </span>
      <button type="submit" disabled={count === 0}>
        Replace in {countOf(count, "cell", "cells")}
      </button>
      <button type="button" class="secondary" onClick={onClose}>
        Close
      </button>
      {/* In the form from the start, so what a replace did is heard when it is said. */}
      <p role="status">{done ?? ""}</p>
    </form>
  );
}
