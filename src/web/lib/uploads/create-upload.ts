import type { Upload } from '#contracts/uploads.ts';
import { uploadFile } from '../api-client.ts';
import { createUpload } from '#contracts/routes.ts';

/** POST /api/uploads as multipart (field "file"); the server checks the bytes and re-encodes. */
export function uploadInputImage(file: File): Promise<Upload> {
  return uploadFile(createUpload, file);
}
