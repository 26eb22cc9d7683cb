/**
 * Runs `task` at the browser's next idle moment (at the latest after `timeoutMs`, when given); where there is no
 * requestIdleCallback (Safari, and so an iPad at the court), after a short timer instead. Answers a cancel.
 */
export function whenIdle(task: () => void, timeoutMs?: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(() => task(), timeoutMs === undefined ? {} : { timeout: timeoutMs });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(task, Math.min(timeoutMs ?? 50, 50));
  return () => clearTimeout(timer);
}
