/**
 * A class or activity name on the chart's axis, whole (issue 56: names cut to "Programaçã... Jovens" could not be
 * told apart): the bars lie across the chart with their names beside them, and a long name goes on several lines,
 * broken between words only. A word longer than a line keeps its own line, whole.
 */
export const LABEL_LINE = 22;

export function wrapLabel(text: string, line = LABEL_LINE): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= line) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 0 ? lines : [''];
}
