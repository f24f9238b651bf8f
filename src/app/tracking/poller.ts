/**
 * Calls `poll` every `pollMs` while the page is visible. A poll that falls due while the page
 * is hidden is skipped and run as soon as the page is shown again.
 */
export function createPoller(options: {
  readonly pollMs: number;
  readonly isHidden: () => boolean;
  readonly onVisibilityChange: ((listener: () => void) => () => void) | undefined;
  readonly poll: () => Promise<void>;
  readonly onPausedChange: (paused: boolean) => void;
}) {
  let running = false;
  let missed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;

  const schedule = () => {
    clearTimeout(timer);
    timer = running ? setTimeout(tick, options.pollMs) : undefined;
  };
  const run = async () => {
    missed = false;
    await options.poll();
    schedule();
  };
  function tick(): void {
    timer = undefined;
    if (options.isHidden()) missed = true;
    else void run();
  }
  function visibilityChanged(): void {
    if (!running) return;
    const hidden = options.isHidden();
    options.onPausedChange(hidden);
    if (!hidden && missed) void run();
  }
  return {
    start(): void {
      if (running) return;
      running = true;
      unsubscribe = options.onVisibilityChange?.(visibilityChanged);
      const hidden = options.isHidden();
      options.onPausedChange(hidden);
      if (hidden) missed = true;
      else void run();
    },
    stop(): void {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      unsubscribe?.();
      unsubscribe = undefined;
    },
    /** After a refresh on demand the next poll is a whole interval later. */
    restart(): void {
      if (running && timer !== undefined) schedule();
    },
  };
}

export type Poller = ReturnType<typeof createPoller>;
