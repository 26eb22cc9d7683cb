/**
 * The content encodings a request accepts (Accept-Encoding; `q=0` refuses one), for the answers the server compresses
 * itself ahead of time: the students list (server/routes/students.ts) and the app's pages (server/static.ts).
 */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}
