/** Shared helpers for the browser tests (tests/e2e). */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_NOFALLBACK_PORT, E2E_PORT } from '../../playwright.config.ts';
import { roleMatrix } from '../../src/api/permissions.ts';
import { answerAs } from '../../scripts/answer-as.ts';

/** The reference server's API, for arranging data and checking what reached the server. */
export const API_URL = `http://127.0.0.1:${E2E_PORT}/api`;
/** The same app built with the sample-data fallback off and an unreachable API. */
export const NOFALLBACK_URL = `http://127.0.0.1:${E2E_NOFALLBACK_PORT}/frontend/`;

/** Wait until the service worker controls the page, so the next offline reload is answered from the precache. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

/** The page told it is a psychologist's (open mode's built-in admin writes no anamnese: not their profession). */
export const asPsychologist = (page: Page): Promise<void> =>
  answerAs(page, (me) => ({ ...me, access: 'psicologo', permissions: [...roleMatrix.psicologo] }));

/** Number of writes still waiting in the outbox, as the header shows it. */
export async function pendingCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('outbox-pending').innerText());
}

/** The registration form's fields other than the address and documents (en-US labels). */
export async function fillStudent(page: Page, name: string): Promise<void> {
  await page.getByLabel(/^Full name/).fill(name);
  await page.getByLabel('Date of birth').fill('2012-03-04');
  await page.getByLabel('Enrollment date').fill('2025-02-01');
  await page.getByLabel('Race').selectOption('PARDA');
  await page.getByLabel('Education level').selectOption('FUNDAMENTAL_INCOMPLETO');
  await page.getByLabel('School name').fill('EM Paulo Freire');
}

export type ClassGroup = { id: string; title: string; activityId: string };
export type Student = { id: string; name: string };
export type Roll = {
  entries: { studentId: string; status: 'PRESENT' | 'ABSENT' | 'JUSTIFIED'; reason?: string; note?: string }[];
  takenBy: string;
  takenAt: string;
  notHeld?: { reason: string; note?: string };
};
export type StoredDocument = { id: string; fileName: string; fileType: string; mimeType: string; size: number };

/** The day `offsetDays` from today on this machine, as YYYY-MM-DD. */
export function localDate(offsetDays = 0): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** When the students of a test's own class are enrolled: before any day uniqueDate gives. */
const ENROLLED_FROM = localDate(-120);

type RosterOptions = { api?: string; headers?: Record<string, string> };
const OWN_CLASS_TITLE = 'Turma E2E';

/**
 * A class of the test's own with at least two students on its roster: a copy of the skip-th seeded class with two or
 * more (its activity, day, schedule and level), whose students are enrolled from four months ago. A roll is taken on
 * its day or later, so tests take theirs on recent days; in a class of their own, they meet neither the seed's weekly
 * rolls nor another test's, whatever the day.
 */
export async function classWithRoster(
  request: APIRequestContext,
  skip = 0,
  { api = API_URL, headers = {} }: RosterOptions = {},
): Promise<{ group: ClassGroup; students: Student[] }> {
  const rosterOf = async (id: string) => {
    const response = await request.get(`${api}/classes/${id}/students`, { headers });
    return response.ok() ? ((await response.json()) as Student[]) : [];
  };
  const classes = (await (await request.get(`${api}/classes`, { headers })).json()) as Array<ClassGroup & Record<string, unknown>>;
  const seeded: Array<{ group: ClassGroup & Record<string, unknown>; students: Student[] }> = [];
  for (const group of classes) {
    if (group.title.startsWith(OWN_CLASS_TITLE)) continue;
    const students = await rosterOf(group.id);
    if (students.length >= 2) seeded.push({ group, students });
    if (seeded.length === skip + 1) break;
  }
  expect(seeded.length, 'classes with a roster on the server').toBe(skip + 1);
  const { group: model, students } = seeded[skip]!;
  const made = await request.post(`${api}/classes`, {
    headers,
    data: {
      title: `${OWN_CLASS_TITLE} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
      activityId: model.activityId,
      weekDay: model.weekDay,
      schedule: model.schedule,
      level: model.level,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const group = (await made.json()) as ClassGroup;
  for (const student of students) {
    const enrolled = await request.put(`${api}/classes/${group.id}/students/${student.id}`, { headers, data: { from: ENROLLED_FROM } });
    expect(enrolled.status(), await enrolled.text()).toBe(201);
  }
  return { group, students: await rosterOf(group.id) };
}

/**
 * A recent day (today or up to 44 days back: a roll is taken on its day or later, and the device keeps the last 60
 * days' rolls) that this worker has not given yet in its last 45 calls. Rolls go to a class of the test's own
 * (classWithRoster), so only one test's dates need to differ.
 */
let daysBack = Math.floor(Math.random() * 45);
export function uniqueDate(): string {
  daysBack = (daysBack + 1) % 45;
  return localDate(-daysBack);
}

/** The roll-call page of a class (relative to the app's base URL), on a date when given. */
export const callPath = (group: ClassGroup, date?: string) =>
  `frequencias/atividades/${group.activityId}/turmas/${group.id}/chamada${date ? `?date1=${date}` : ''}`;

/** The roll the server holds for a class and date, or null when it has none (404); any other failure throws. */
export async function serverRoll(request: APIRequestContext, classId: string, date: string): Promise<Roll | null> {
  const response = await request.get(`${API_URL}/classes/${classId}/attendance/${date}`);
  if (response.status() === 404) return null;
  if (!response.ok()) throw new Error(`GET roll of ${classId} on ${date}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Roll;
}

/** A student's present or absent button on the roll-call page. */
export const toggle = (page: Page, name: string, state: 'present' | 'absent' | 'justified absence') =>
  page.getByRole('button', { name: `${name}: ${state}`, exact: true });

/**
 * Rows of a table of the app's IndexedDB database (src/lib/db.ts): the one with that key, or all of them; as JSON
 * (Blobs become {}), and [] when the table cannot be read. A look that leaves no trace: it never creates the database
 * (the app creates it a moment after a first visit's first screen) and closes its connection, which would otherwise
 * hold back the app's own opening of it.
 */
export function deviceRows(page: Page, table: 'kv' | 'outbox' | 'rollDrafts', key?: string): Promise<unknown[]> {
  return page.evaluate(
    ([name, id]) =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open('quadra');
        // No database yet: this open would create an empty one; give it up instead.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const database = open.result;
          const done = (rows: unknown[]) => {
            database.close();
            resolve(rows);
          };
          try {
            const store = database.transaction(name).objectStore(name);
            const read = id === null ? store.getAll() : store.get(id);
            read.onsuccess = () => done(JSON.parse(JSON.stringify(id === null ? read.result : [read.result].filter(Boolean))) as unknown[]);
            read.onerror = () => done([]);
          } catch {
            done([]); // no such table yet
          }
        };
        open.onerror = () => resolve([]);
      }),
    [table, key ?? null] as const,
  );
}

/** Whether a query is in the query cache persisted on the device: a row per query (src/offline/row-persister.ts). */
export async function queryCached(page: Page, queryKey: readonly unknown[]): Promise<boolean> {
  const rows = await deviceRows(page, 'kv', `quadra-query-cache/${JSON.stringify(queryKey)}`);
  return rows.length > 0;
}

/** Whether the class's roster is persisted on the device (so the call page opens offline). */
export const rosterCached = (page: Page, classId: string) => queryCached(page, ['classes', classId, 'students']);

/** Small files whose content is what their type says (the server sniffs it). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A real one-page PDF with a line of text, as PDF.js draws it (objects, then a cross-reference table of their offsets). */
/**
 * A scanner's picture in a PDF: a 32x32 square of RGB (20, 60, 200) as a JPEG 2000 codestream (JPXDecode), written by
 * OpenJPEG's `opj_compress -r 1` from a PPM of that colour. PDF.js decodes it with its WebAssembly OpenJPEG only.
 */
const SCAN_J2K = Buffer.from(
  '/0//UQAvAAAAAAAgAAAAIAAAAAAAAAAAAAAAIAAAACAAAAAAAAAAAAADBwEBBwEBBwEB/1IADAAAAAEBBQQEAAH/XAATQEBISFBISFBISFBISFBISFD/ZAAlAAFDcmVhdGVkIGJ5IE9wZW5KUEVHIHZlcnNpb24gMi41LjD/kAAKAAAAAAAsAAH/k8fUBAW/34AQBHPH1AQFf4CAgICAgICAgICAgICAgP/Z',
  'base64',
);
/** A one-page PDF with `text` in Helvetica, and with `scan` a JPEG 2000 picture of a blue square beside it. */
export function pdfWithText(text: string, { scan = false }: { scan?: boolean } = {}): Buffer {
  const content = `BT /F1 28 Tf 24 90 Td (${text}) Tj ET${scan ? ' q 60 0 0 60 250 20 cm /Im1 Do Q' : ''}`;
  const image = `/XObject << /Im1 6 0 R >>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 320 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> ${scan ? image : ''} >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...(scan
      ? [
          `<< /Type /XObject /Subtype /Image /Width 32 /Height 32 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /JPXDecode /Length ${SCAN_J2K.length} >>\nstream\n${SCAN_J2K.toString('latin1')}\nendstream`,
        ]
      : []),
  ];
  let body = '%PDF-1.5\n';
  const offsets = objects.map((object, index) => {
    const at = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** A student name no other test uses. */
export const uniqueName = (label: string) => `Registro E2E ${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export async function studentsNamed(request: APIRequestContext, name: string): Promise<Student[]> {
  const students = (await (await request.get(`${API_URL}/students`)).json()) as Student[];
  return students.filter((student) => student.name === name);
}

export async function documentsOf(request: APIRequestContext, id: string): Promise<StoredDocument[]> {
  return (await (await request.get(`${API_URL}/students/${id}/documentos`)).json()) as StoredDocument[];
}

/** Choose a file in the registration's open document uploader, describe it and add it to the list. */
export async function addDocument(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, type = 'Other') {
  await page.getByLabel(/^File/).setInputFiles(file);
  await page.getByLabel(/^Document type/).selectOption({ label: type });
  await page.getByLabel('Origin').fill('Secretaria de Educação');
  await page.getByRole('button', { name: 'Add to the list' }).click();
}

export { expect, test };
