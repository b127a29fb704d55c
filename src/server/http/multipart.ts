import type { FastifyRequest } from 'fastify';
import { uploadMessages } from '../../contracts/uploads.ts';
import { AppError } from '../lib/app-error.ts';

export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimetype: string;
  fieldname: string;
}

/**
 * Reads the one file of a multipart request into memory, refusing more than `maxBytes` with the
 * given message (the request is cut off at the limit, never buffered whole).
 */
export async function readSingleFile(
  req: FastifyRequest,
  options: { maxBytes: number; tooLargeMessage: string },
): Promise<UploadedFile | undefined> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.notMultipart);
  const part = await req.file({ limits: { fileSize: options.maxBytes, files: 1, fields: 10, parts: 12 } });
  if (!part) return undefined;
  const data = await part.toBuffer().catch((err: unknown) => {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
    throw err;
  });
  return { data, filename: part.filename, mimetype: part.mimetype, fieldname: part.fieldname };
}
