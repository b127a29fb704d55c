import { z } from 'zod';
import { defineContract } from './contract.ts';

/** The upload box (docs/product-rules.md#uploads): PNG, JPG or GIF, one file, at most 10485760 bytes. */
export const UPLOAD_MAX_BYTES = 10_485_760;
export const UPLOAD_ACCEPT = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/gif': ['.gif'] } as const;

/** What users read when a file is refused (the upload box and the avatar share the generic ones). */
export const uploadMessages = {
  notImage: 'File type must be image/png, image/jpeg or image/gif',
  tooLarge: `File is larger than ${UPLOAD_MAX_BYTES} bytes`,
  missing: 'Choose an image to upload.',
  notMultipart: 'Send the file as multipart/form-data.',
  tooManyPixels: 'The image has too many pixels.',
  /** A second file in one upload (docs/operations.md#upload-limits-and-answers). */
  tooManyFiles: 'Too many files: upload one image at a time.',
  /** A form with more fields than an upload ever needs. */
  tooManyFields: 'The upload has too many form fields: send the image alone.',
  /** A multipart body cut off before its closing boundary, or not multipart inside. */
  malformed: 'The upload was incomplete or malformed. Please try again.',
  /** The header looks like an image but the pixels cannot be decoded (truncated or corrupt). */
  damaged: 'The image could not be read: the file is damaged or incomplete.',
} as const;

export const Upload = z
  .object({
    id: z.string(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    mimeType: z.string(),
    bytes: z.number().int(),
    originalName: z.string().nullable(),
  })
  .meta({ id: 'Upload' });
export type Upload = z.infer<typeof Upload>;

export const createUpload = defineContract({
  method: 'POST',
  path: '/api/uploads',
  summary: 'Upload an input image (multipart field "file"): checked by its bytes and re-encoded',
  tags: ['uploads'],
  consumes: 'multipart/form-data',
  status: 201,
  response: Upload,
  errors: [400, 401, 403, 413, 415, 429],
  auth: 'verified',
  apiKey: 'generate',
});
