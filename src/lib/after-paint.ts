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
