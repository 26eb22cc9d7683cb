// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema, DOCUMENT_MAX_BYTES, documentSchema } from '../../../src/api/contract.ts';
import { JPEG, multipartBody, PDF, PNG, type FilePart } from './support/multipart.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let studentId: string;
let otherStudentId: string;
beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.db.query<{ id: string }>('SELECT id FROM students ORDER BY id LIMIT 2');
  studentId = rows[0]!.id;
  otherStudentId = rows[1]!.id;
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const meta = {
  fileName: 'comprovante-residência.pdf',
  fileType: 'COMPROVANTE_RESIDENCIA',
  origin: 'Upload pelo cadastro',
  date: '2026-11-18T14:03:00.000Z',
  description: 'Conta de luz de outubro',
};
const upload = (fields: Record<string, string>, files: FilePart[], student = studentId) =>
  server.app.inject({ method: 'POST', url: `/api/students/${student}/documentos`, ...multipartBody(fields, files) });
const count = async () => (await server.db.query<{ n: number }>('SELECT count(*) AS n FROM student_documents'))[0]!.n;

describe('POST /api/students/:id/documentos', () => {
  it('stores a PDF with its fields (201), lists it, and downloads the same bytes with type and file name', async () => {
    const response = await upload(meta, [{ filename: 'scan.pdf', contentType: 'application/pdf', content: PDF }]);
    expect(response.statusCode).toBe(201);
    const doc = documentSchema.parse(response.json());
    expect(doc).toMatchObject({ ...meta, studentId, mimeType: 'application/pdf', size: PDF.length });

    const listed = z.array(documentSchema).parse((await server.app.inject(`/api/students/${studentId}/documentos`)).json());
    expect(listed).toContainEqual(doc);

    const file = await server.app.inject(`/api/students/${studentId}/documentos/${doc.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="comprovante-residencia.pdf"; filename*=UTF-8''${encodeURIComponent(meta.fileName)}`,
    );
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['PNG', PNG, 'image/png'],
  ])('accepts a %s, typed by its content whatever its name says', async (_label, content, mime) => {
    const response = await upload({ ...meta, fileName: 'foto.pdf' }, [{ filename: 'foto.pdf', contentType: 'application/pdf', content }]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ mimeType: mime, fileName: 'foto.pdf' });
  });

  it('takes the file name from the file part when the field is missing, and fields may follow the file', async () => {
    const { fileName: _omit, ...rest } = meta;
    const body = multipartBody({}, [{ filename: 'renda.png', content: PNG }]);
    const extra = multipartBody(rest);
    // Glue: file part first, then the fields, one boundary.
    const boundary = body.headers['content-type']!.split('boundary=')[1]!;
    const fields = extra.payload.toString('latin1').split(extra.headers['content-type']!.split('boundary=')[1]!).join(boundary);
    const payload = Buffer.concat([body.payload.subarray(0, body.payload.length - `--${boundary}--\r\n`.length), Buffer.from(fields, 'latin1')]);
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/students/${studentId}/documentos`,
      headers: body.headers,
      payload,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ fileName: 'renda.png', fileType: 'COMPROVANTE_RESIDENCIA' });
  });

  it('is idempotent by client id: the same upload twice stores one document and answers the same', async () => {
    const id = randomUUID();
    const before = await count();
    const first = await upload({ ...meta, id }, [{ filename: 'a.pdf', content: PDF }]);
    const second = await upload({ ...meta, id }, [{ filename: 'a.pdf', content: PDF }]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);
    const reused = await upload({ ...meta, id }, [{ filename: 'a.pdf', content: PDF }], otherStudentId);
    expect(reused.statusCode).toBe(409);
  });

  const rejects: Array<[string, Record<string, string>, FilePart[], number, RegExp]> = [
    [
      'a file that is not PDF, JPEG or PNG (even named .pdf)',
      meta,
      [{ filename: 'x.pdf', contentType: 'application/pdf', content: Buffer.from('MZ\x90\x00 not a pdf') }],
      415,
      /PDF, JPEG or PNG/,
    ],
    ['an empty file', meta, [{ filename: 'empty.pdf', content: Buffer.alloc(0) }], 400, /empty/],
    ['no file part', meta, [], 400, /"file" part/],
    ['a file under another part name', meta, [{ name: 'document', filename: 'a.pdf', content: PDF }], 400, /"file"/],
    ['an unknown document type', { ...meta, fileType: 'RG' }, [{ filename: 'a.pdf', content: PDF }], 400, /fileType/],
    ['a date that is not ISO', { ...meta, date: 'ontem' }, [{ filename: 'a.pdf', content: PDF }], 400, /date/],
    ['a client id that is not a UUID', { ...meta, id: 'abc' }, [{ filename: 'a.pdf', content: PDF }], 400, /id/],
    [
      'two files',
      meta,
      [
        { filename: 'a.pdf', content: PDF },
        { filename: 'b.pdf', content: PDF },
      ],
      413,
      /./,
    ],
  ];
  it.each(rejects)('rejects %s, storing nothing', async (_label, fields, files, status, message) => {
    const before = await count();
    const response = await upload(fields, files);
    expect(response.statusCode).toBe(status);
    expect(z.strictObject(apiErrorSchema.shape).parse(response.json()).message).toMatch(message);
    expect(await count()).toBe(before);
  });

  it('answers 413 to a file over 10 MB, storing nothing', async () => {
    const before = await count();
    const big = Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const response = await upload(meta, [{ filename: 'big.pdf', content: big }]);
    expect(response.statusCode).toBe(413);
    expect(z.strictObject(apiErrorSchema.shape).parse(response.json()).message).toMatch(/10 MB/);
    expect(await count()).toBe(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const exact = Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20);
    PDF.copy(exact);
    const response = await upload(meta, [{ filename: 'exact.pdf', content: exact }]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ size: DOCUMENT_MAX_BYTES });
  });

  it('answers 415 with a clear message to a JSON request', async () => {
    const response = await server.app.inject({ method: 'POST', url: `/api/students/${studentId}/documentos`, payload: meta });
    expect(response.statusCode).toBe(415);
    expect(z.strictObject(apiErrorSchema.shape).parse(response.json()).message).toMatch(/multipart\/form-data/);
  });

  it('answers 404 for an unknown student, storing nothing', async () => {
    const before = await count();
    const response = await upload(meta, [{ filename: 'a.pdf', content: PDF }], 'nobody');
    expect(response.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('GET documents', () => {
  it('lists nothing for a student without documents and 404 for an unknown student', async () => {
    const [row] = await server.db.query<{ id: string }>('SELECT id FROM students WHERE id NOT IN (SELECT student_id FROM student_documents) LIMIT 1');
    expect((await server.app.inject(`/api/students/${row!.id}/documentos`)).json()).toEqual([]);
    expect((await server.app.inject('/api/students/nobody/documentos')).statusCode).toBe(404);
  });

  it("answers 404 for an unknown document, or another student's document", async () => {
    const doc = documentSchema.parse((await upload(meta, [{ filename: 'a.pdf', content: PDF }])).json());
    expect((await server.app.inject(`/api/students/${studentId}/documentos/nope/file`)).statusCode).toBe(404);
    const other = await server.app.inject(`/api/students/${otherStudentId}/documentos/${doc.id}/file`);
    expect(other.statusCode).toBe(404);
    expect(z.strictObject(apiErrorSchema.shape).parse(other.json()).message).toBe('Document not found');
  });
});

describe('DELETE /api/students/:id/documentos/:docId', () => {
  it('removes the document and its file; a resend answers 204 too; an unknown student 404', async () => {
    const doc = documentSchema.parse((await upload(meta, [{ filename: 'scan.pdf', contentType: 'application/pdf', content: PDF }])).json());
    const removed = await server.app.inject({ method: 'DELETE', url: `/api/students/${studentId}/documentos/${doc.id}` });
    expect(removed.statusCode).toBe(204);
    expect(await server.db.query('SELECT 1 FROM student_documents WHERE id = $1', [doc.id])).toHaveLength(0);
    expect((await server.app.inject(`/api/students/${studentId}/documentos/${doc.id}/file`)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/students/${studentId}/documentos/${doc.id}` })).statusCode).toBe(204);
    const unknown = await server.app.inject({ method: 'DELETE', url: `/api/students/${randomUUID()}/documentos/${doc.id}` });
    expect(unknown.statusCode).toBe(404);
    expect(apiErrorSchema.parse(unknown.json()).statusCode).toBe(404);
  });
});
