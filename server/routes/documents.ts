/**
 * Student documents: multipart upload (SPEC §7), list and download (extensions). The bytes live in the database
 * (bytea) beside their metadata, so one backup holds everything. The type is sniffed from the content; the name and
 * the client's Content-Type are never trusted.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentMetaSchema, documentSchema, DOCUMENT_MAX_BYTES, withoutInvisibleFormat } from '../../src/api/contract.ts';
import { unknownFields } from '../edge.ts';
import { badRequest, HttpError, listed, notFound } from '../errors.ts';
import { imagePixels, MAX_IMAGE_PIXELS, sniffDocumentType } from '../file-sniff.ts';
import { deleteDocument, insertDocument, listDocuments, readDocument, readDocumentFile } from '../data/documents.ts';
import { studentExists } from '../data/students.ts';
import type { Queryable } from '../db/types.ts';
import { errors, pathIdSchema, type ApiContext } from './context.ts';

async function requireStudent(db: Queryable, id: string): Promise<void> {
  if (!(await studentExists(db, id))) throw notFound('Student');
}

/** Reads the one `file` part and the text fields, in whatever order the client sent them. */
async function readUpload(request: FastifyRequest): Promise<{ content: Buffer; filename: string; fields: Record<string, string> }> {
  let file: { content: Buffer; filename: string } | undefined;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // toBuffer() throws a 413 error past DOCUMENT_MAX_BYTES (the plugin's fileSize limit).
      const content = await part.toBuffer();
      if (part.fieldname !== 'file') throw badRequest(`Unexpected file part "${part.fieldname}": send the document as "file"`);
      file = { content, filename: part.filename };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  if (!file) throw badRequest('The upload has no "file" part');
  return { ...file, fields };
}

function metaMessage(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string {
  return `Invalid document fields: ${error.issues.map((issue) => `${issue.path.join('.') || 'fields'}: ${issue.message}`).join('; ')}`;
}

/** RFC 6266 header: an ASCII fallback for old clients plus the exact UTF-8 name. */
function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'documento';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const documentRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db }) => {
  const studentParams = z.object({ id: pathIdSchema });

  app.post(
    '/students/:id/documentos',
    {
      config: { rule: 'documents:write' },
      schema: {
        tags: ['documents'],
        summary: 'Upload a document of a student (multipart/form-data)',
        description:
          'Parts: `file` (PDF, JPEG or PNG by content, at most 10 MB, not empty) and the text fields id (optional ' +
          "client UUID), fileName (defaults to the file part's name), fileType (a document-types code), origin, date " +
          '(ISO date or date-time), description. Answers 201 with the stored document; the same client id again ' +
          'answers 200 with it and stores nothing.',
        consumes: ['multipart/form-data'],
        params: studentParams,
        response: { 200: documentSchema, 201: documentSchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      // req.file()/parts() on another content type would answer a vague 406.
      if (!request.isMultipart()) {
        throw new HttpError(415, 'Send the document as multipart/form-data with a "file" part');
      }
      const studentId = request.params.id;
      await requireStudent(db, studentId);
      const upload = await readUpload(request);
      if (upload.content.length === 0) throw badRequest('The file is empty');
      const mimeType = sniffDocumentType(upload.content);
      if (!mimeType) throw new HttpError(415, 'Only PDF, JPEG or PNG files are accepted');
      const pixels = mimeType === 'application/pdf' ? undefined : imagePixels(upload.content);
      if (pixels !== undefined && pixels > MAX_IMAGE_PIXELS) {
        throw badRequest(`The image has ${Math.round(pixels / 1e6)} megapixels; at most ${MAX_IMAGE_PIXELS / 1e6} are accepted`);
      }
      const fields = { fileName: upload.filename || undefined, ...upload.fields };
      const meta = documentMetaSchema.safeParse(fields);
      if (!meta.success) throw badRequest(metaMessage(meta.error));
      const unknown = unknownFields(fields, meta.data);
      if (unknown.length > 0) throw badRequest(`Invalid document fields: unknown field${unknown.length > 1 ? 's' : ''} ${listed(unknown)}`);
      const id = meta.data.id ?? randomUUID();
      // A file name shows as it reads: no right-to-left override or zero-width character may disguise it (issue 55).
      const fileName = withoutInvisibleFormat(meta.data.fileName).trim();
      if (!fileName) throw badRequest('Invalid document fields: fileName holds no visible character');

      const { created, document } = await db.transaction(async (tx) => {
        const { fileType, origin, date, description } = meta.data;
        const inserted = await insertDocument(tx, {
          id,
          studentId,
          fileName,
          fileType,
          origin,
          date,
          description,
          mimeType,
          content: upload.content,
        });
        if (inserted) return { created: true, document: inserted };
        const existing = await readDocument(tx, id);
        if (!existing || existing.studentId !== studentId) {
          throw new HttpError(409, 'This document id is already used for another student');
        }
        return { created: false, document: existing };
      });
      return reply.code(created ? 201 : 200).send(document);
    },
  );

  app.get(
    '/students/:id/documentos',
    {
      config: { rule: 'documents:read', audit: 'student' },
      schema: {
        tags: ['documents'],
        summary: "A student's documents (metadata only)",
        params: studentParams,
        response: { 200: z.array(documentSchema), ...errors(400, 404) },
      },
    },
    async (request) => {
      await requireStudent(db, request.params.id);
      return listDocuments(db, request.params.id);
    },
  );

  app.get(
    '/students/:id/documentos/:docId/file',
    {
      config: { rule: 'documents:read', audit: 'student' },
      schema: {
        tags: ['documents'],
        summary: 'Download the stored file of a document',
        description: 'Answers the bytes with their sniffed Content-Type and a Content-Disposition file name.',
        params: z.object({ id: pathIdSchema, docId: pathIdSchema }),
        response: { ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const doc = await readDocumentFile(db, request.params.id, request.params.docId);
      if (!doc) throw notFound('Document');
      // The untyped reply: the body is bytes, which the JSON response schemas do not describe.
      return (reply as unknown as FastifyReply)
        .type(doc.mimeType)
        .header('Content-Disposition', contentDisposition(doc.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .send(doc.content);
    },
  );

  app.delete(
    '/students/:id/documentos/:docId',
    {
      config: { rule: 'documents:write' },
      schema: {
        tags: ['documents'],
        summary: 'Remove a document of a student, its file included',
        description:
          'The file is deleted, not kept: a document removed by mistake is uploaded again. Removing one that is already ' +
          'gone answers 204 too, so a resend is harmless; an unknown student answers 404. The access record keeps who removed it.',
        params: z.object({ id: pathIdSchema, docId: pathIdSchema }),
        response: { 204: z.null(), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      await requireStudent(db, request.params.id);
      await deleteDocument(db, request.params.id, request.params.docId);
      return reply.code(204).send(null);
    },
  );
};

export const multipartLimits = {
  fileSize: DOCUMENT_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldSize: 64 * 1024,
  parts: 25,
};
