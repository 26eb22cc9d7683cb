/** Runs `task` once the next frame is painted (a timer after that frame's animation callbacks); answers a cancel. */
export function afterPaint(task: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/** What an element marked `elementtiming` is told apart by in its Element Timing entry. */
type ElementTiming = PerformanceEntry & { identifier: string };

/**
 * Runs `task` once the element marked `elementtiming={identifier}` is on screen: its Element Timing entry comes when
 * the frame showing it has been presented, which can be a frame or two after the main thread painted it (afterPaint
 * fires there; home's alerts asked for in that gap counted in home's LCP under Lighthouse's simulation, issue 57).
 * An entry from before counts (buffered). Where the browser has no Element Timing (Safari, Firefox), after the next
 * painted frame; should no entry come within `patienceMs` (the element never painted), then. Answers a cancel.
 */
export function afterShown(identifier: string, task: () => void, patienceMs = 1000): () => void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('element')) return afterPaint(task);
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  };
  const run = () => {
    if (done) return; // an entry delivered after a cancel
    stop();
    task();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => (entry as ElementTiming).identifier === identifier)) run();
  });
  observer.observe({ type: 'element', buffered: true });
  const timer = window.setTimeout(run, patienceMs);
  return stop;
}
