/**
 * A class or activity name short enough for the chart's axis (the tables beside it have it whole): its first words and
 * its last ones, which is where classes differ ("Judô - Turma A", "Judô - Turma B"), joined by an ellipsis. Words are
 * kept whole; only a first word longer than its share is cut.
 */
const TAIL = 9;
const SEPARATORS = /^[\s\-–—·:,]+|[\s\-–—·:,]+$/g;

export function chartLabel(text: string, max = 19): string {
  const name = text.trim().replace(/\s+/g, ' ');
  if (name.length <= max) return name;
  const words = name.split(' ');
  let tail = words.pop()!;
  while (words.length > 1 && `${words.at(-1)} ${tail}`.length <= TAIL) tail = `${words.pop()} ${tail}`;
  tail = tail.replace(SEPARATORS, '');
  const room = max - tail.length - 3; // " … "
  let head = words.shift()!;
  if (head.length > room) return `${head.slice(0, Math.max(room, 3))}… ${tail}`;
  while (words.length > 0 && `${head} ${words[0]}`.length <= room) head = `${head} ${words.shift()}`;
  return `${head.replace(SEPARATORS, '')} … ${tail}`;
}
