/**
 * Waits for a task of the page's own: a large answer from a worker is read in one task, and what is made of it in the
 * next, rather than both in one long one.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
