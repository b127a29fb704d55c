import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { uploadMessages } from '#contracts/uploads.ts';
import { AppError, isAppError } from '../lib/app-error.ts';

export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimetype: string;
  fieldname: string;
}

/** An uploaded file written to a temporary file as it arrived; removed once its request is answered. */
export interface SavedFile {
  path: string;
  filename: string;
  mimetype: string;
  fieldname: string;
}

interface FileLimits {
  maxBytes: number;
  tooLargeMessage: string;
}

/** What one upload form may hold besides its file (docs/operations.md#upload-limits-and-answers). */
const FORM_LIMITS = { files: 1, fields: 10, parts: 12, fieldSize: 1024 } as const;

/**
 * Reads the one file of a multipart request into memory, refusing more than `maxBytes` with the
 * given message (the request is cut off at the limit, never buffered whole). The whole body is
 * read to its closing boundary, so a second file and a body cut short are seen, not ignored:
 * every fault of the form is a 4xx with an upload message, never a 500
 * (docs/operations.md#upload-limits-and-answers).
 */
export async function readSingleFile(req: FastifyRequest, options: FileLimits): Promise<UploadedFile | undefined> {
  return readOneFile(req, options, async (part) => ({
    data: await part.toBuffer(),
    filename: part.filename,
    mimetype: part.mimetype,
    fieldname: part.fieldname,
  }));
}

/**
 * Like `readSingleFile`, but the file is streamed to a temporary file instead of memory, so
 * uploads waiting for their turn to be decoded hold no copy of themselves
 * (docs/operations.md#memory). `handle` gets the file; the temporary file is removed after it,
 * whatever happens.
 */
export async function withSingleFileOnDisk<T>(
  req: FastifyRequest,
  options: FileLimits,
  handle: (file: SavedFile | undefined) => Promise<T>,
): Promise<T> {
  const target = path.join(os.tmpdir(), `klipt-upload-${randomUUID()}`);
  try {
    const file = await readOneFile(req, options, async (part) => {
      await pipeline(part.file, createWriteStream(target, { flags: 'wx' }));
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
      return { path: target, filename: part.filename, mimetype: part.mimetype, fieldname: part.fieldname };
    });
    return await handle(file);
  } finally {
    await rm(target, { force: true });
  }
}

async function readOneFile<F>(req: FastifyRequest, options: FileLimits, take: (part: MultipartFile) => Promise<F>): Promise<F | undefined> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.notMultipart);
  let file: F | undefined;
  try {
    for await (const part of req.parts({ limits: { ...FORM_LIMITS, fileSize: options.maxBytes } })) {
      // Other fields are read (within the limits) and ignored.
      if (part.type !== 'file') continue;
      if (file) throw new AppError('BAD_REQUEST', uploadMessages.tooManyFiles);
      file = await take(part);
    }
  } catch (err) {
    throw formError(err, options.tooLargeMessage);
  }
  return file;
}

/** The answer to a fault of the multipart form itself: the client's to fix, so always a 4xx. */
function formError(err: unknown, tooLargeMessage: string): AppError {
  if (isAppError(err)) return err;
  switch ((err as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage);
    case 'FST_FILES_LIMIT':
      return new AppError('BAD_REQUEST', uploadMessages.tooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('BAD_REQUEST', uploadMessages.tooManyFields);
    default:
      // busboy's "Unexpected end of multipart data", a missing boundary, a malformed part header,
      // a connection closed mid-body: the form could not be read.
      return new AppError('BAD_REQUEST', uploadMessages.malformed);
  }
}
