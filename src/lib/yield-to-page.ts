/**
 * Lets the page go first: a long job (a sync's merge, a save's slices) goes on once the tasks waiting now are done.
 * Where the browser has `scheduler.postTask` (Chromium), its next step is a background task, so a tap's own work (its
 * render, its timers, its database callbacks) and the frames run before it, not in turn with it; elsewhere (a browser
 * without it, the tests) a timer of 0, which takes its turn among the page's other tasks.
 */
type Scheduler = { postTask?: (callback: () => void, options: { priority: 'background' }) => Promise<void> };

export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.postTask) return scheduler.postTask(() => undefined, { priority: 'background' });
  return new Promise((resolve) => setTimeout(resolve, 0));
}
