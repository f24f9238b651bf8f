import type { ComponentChildren } from "preact";

/**
 * A wide table that scrolls inside itself in a narrow window. It is a named region in the tab
 * order, so a keyboard can scroll it too, and a screen reader says what it holds.
 */
export function TableScroll({ label, children }: { readonly label: string; readonly children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls in here
    <div class="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
