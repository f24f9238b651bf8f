import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";

/**
 * A disclosure whose content is drawn only once it is first opened: a list of thousands of orders inside costs the page
 * nothing until the user asks to see it.
 */
export function LazyDetails({
  summary,
  content,
  testId,
}: {
  readonly summary: ComponentChildren;
  readonly content: () => ComponentChildren;
  readonly testId?: string;
}) {
  const [isOpened, setOpened] = useState(false);
  return (
    <details
      data-testid={testId}
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) setOpened(true);
      }}
    >
      <summary>{summary}</summary>
      {isOpened && content()}
    </details>
  );
}
