import type { Page } from "playwright-core";

/** What the probes keep on the page: every long task. */
interface Probes {
  longTasks: { start: number; duration: number }[];
  /** When the mapping step's "Check the rows" button and the review's summary were first in the page (page clock). */
  seen: { check?: number; summary?: number };
}

/**
 * Installs, before the app loads, the long-task observer (every task over 50 ms) the phases are measured with, and an
 * observer of when the steps appear: the moment the page shows them, not when the bench's next poll finds them.
 */
export async function installProbes(page: Page): Promise<void> {
  // The functions below are compiled with names kept; the page needs the helper that keeps them.
  await page.addInitScript("globalThis.__name = (fn) => fn;");
  await page.addInitScript(() => {
    const kept: Probes = { longTasks: [], seen: {} };
    (globalThis as never as { probes: Probes }).probes = kept;
    new MutationObserver(() => {
      const { seen } = kept;
      if (seen.summary === undefined && document.querySelector('[data-testid="summary"]'))
        seen.summary = performance.now();
      if (
        seen.check === undefined &&
        [...document.querySelectorAll("button")].some((b) => b.textContent?.trim() === "Check the rows")
      )
        seen.check = performance.now();
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) kept.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });
}

/** When a step was first shown (page clock, ms), once the bench has seen it too. */
export const shownAt = (page: Page, step: keyof Probes["seen"]) =>
  page.evaluate((name) => (globalThis as never as { probes: Probes }).probes.seen[name] ?? performance.now(), step);

/** The page's clock (performance.now()), to mark where a phase starts and ends. */
export const pageNow = (page: Page) => page.evaluate(() => performance.now());

/** The longest task on the page's main thread that started between `from` and `to` (page clock, ms); 0 for none. */
export const longestTaskBetween = (page: Page, from: number, to = Number.POSITIVE_INFINITY) =>
  page.evaluate(
    ([start, end]) =>
      Math.max(
        0,
        ...(globalThis as never as { probes: Probes }).probes.longTasks
          .filter((t) => t.start >= start && t.start < end)
          .map((t) => t.duration),
      ),
    [from, to] as const,
  );

/** A scroll scenario's figures: the intervals between animation frames, and the longest task meanwhile. */
export interface ScrollFigures {
  readonly frames: readonly number[];
  readonly longestTask: number;
  /** For jumps to the end: how long until the last row was drawn with its contents (ms), each time. */
  readonly filledMs?: readonly number[];
}

/** How a scenario drives the grid each frame. */
type Drive =
  | { readonly kind: "scroll-by"; readonly px: number; readonly frames: number }
  | { readonly kind: "drag"; readonly jumps: number }
  | { readonly kind: "key"; readonly key: string; readonly frames: number }
  | { readonly kind: "jump"; readonly to: "first" | "last" };

/**
 * Drives the grid once per animation frame until the drive is done (then `extraFrames` more)
 * and records the intervals between the frames; the first, before driving, is left out. A
 * jump's answer also says when its row was first drawn with its contents (page clock, ms).
 */
async function framesWhile(page: Page, drive: Drive, extraFrames = 0) {
  return page.evaluate(
    ([how, extra]) =>
      new Promise<{ deltas: number[]; filledMs: number }>((resolve) => {
        const grid = document.querySelector('[role="grid"]') as HTMLElement;
        // A key held down: its first press, then presses marked as repeats, as a browser sends them.
        const press = (key: string, ctrlKey: boolean, repeat = false) =>
          grid.dispatchEvent(new KeyboardEvent("keydown", { key, ctrlKey, repeat, bubbles: true, cancelable: true }));
        let began = 0;
        let jump = 0;
        let filledMs = Number.NaN;
        // Filled: the row jumped to is drawn with its number (a row not fetched yet has none).
        const drawn = (to: "first" | "last") => {
          const wanted = to === "last" ? grid.getAttribute("aria-rowcount") : "2";
          return grid.querySelector(`[role="row"][aria-rowindex="${wanted}"][data-row-number]`) !== null;
        };
        const step = (frame: number): boolean => {
          switch (how.kind) {
            case "scroll-by":
              grid.scrollTop = (frame + 1) * how.px;
              return frame < how.frames - 1;
            case "drag":
              // Where the thumb's drag has got to; the height is read once, as the browser knows it.
              jump ||= grid.scrollHeight / how.jumps;
              grid.scrollTop = (frame + 1) * jump;
              return frame < how.jumps - 1;
            case "key":
              press(how.key, false, frame > 0);
              if (frame < how.frames - 1) return true;
              grid.dispatchEvent(new KeyboardEvent("keyup", { key: how.key, bubbles: true }));
              return false;
            case "jump":
              if (frame === 0) {
                began = performance.now();
                press(how.to === "last" ? "End" : "Home", true);
                return true;
              }
              if (!drawn(how.to)) return frame < 300;
              filledMs = performance.now() - began;
              return false;
          }
        };
        const deltas: number[] = [];
        let last = performance.now();
        let frame = 0;
        let tail = -1;
        const tick = (now: number) => {
          deltas.push(now - last);
          last = now;
          if (tail < 0 && !step(frame++)) tail = extra;
          if (tail < 0 || tail-- > 0) requestAnimationFrame(tick);
          else resolve({ deltas: deltas.slice(1), filledMs });
        };
        requestAnimationFrame(tick);
      }),
    [drive, extraFrames] as const,
  );
}

async function scenario(page: Page, run: () => Promise<number[]>): Promise<ScrollFigures> {
  const start = await pageNow(page);
  const frames = await run();
  return { frames, longestTask: await longestTaskBetween(page, start) };
}

/** Back to the top, the first cell active and the grid focused, with a few frames to settle. */
export async function toTop(page: Page): Promise<void> {
  await page.evaluate(() => ((document.querySelector('[role="grid"]') as HTMLElement).scrollTop = 0));
  await page.locator('[role="row"][aria-rowindex="2"] [role="gridcell"][aria-colindex="2"]').click();
  await page.waitForTimeout(300);
}

/** Scrolling 90 px a frame for 240 frames, as a wheel or a trackpad does. */
export const scrollSteadily = (page: Page) =>
  scenario(page, async () => {
    await toTop(page);
    return (await framesWhile(page, { kind: "scroll-by", px: 90, frames: 240 })).deltas;
  });

/** Dragging the scrollbar's thumb top to bottom: a jump of a 90th of the height a frame, then 30 frames to settle. */
export const dragScrollbar = (page: Page) =>
  scenario(page, async () => {
    await toTop(page);
    return (await framesWhile(page, { kind: "drag", jumps: 90 }, 30)).deltas;
  });

/** PageDown held: one press a frame (faster than a keyboard repeats) for 180 frames, then 30 frames to settle. */
export const holdPageDown = (page: Page) =>
  scenario(page, async () => {
    await toTop(page);
    return (await framesWhile(page, { kind: "key", key: "PageDown", frames: 180 }, 30)).deltas;
  });

/**
 * Ctrl+End then Ctrl+Home, three times: each jump, then the frames until the row jumped to
 * is drawn with its contents (and 20 more), recording how long the filling took.
 */
export async function jumpToEnds(page: Page): Promise<ScrollFigures> {
  await toTop(page);
  const start = await pageNow(page);
  const frames: number[] = [];
  const filledMs: number[] = [];
  for (let i = 0; i < 3; i++) {
    for (const to of ["last", "first"] as const) {
      const jump = await framesWhile(page, { kind: "jump", to }, 20);
      frames.push(...jump.deltas);
      filledMs.push(jump.filledMs);
    }
  }
  return { frames, longestTask: await longestTaskBetween(page, start), filledMs };
}
