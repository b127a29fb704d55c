import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { cleanFileName } from '#contracts/file-names.ts';
import { UPLOAD_MAX_BYTES, uploadMessages, type Upload } from '#contracts/uploads.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { inspectImage, normalizeInputImage, renderThumbnail, type ImageInput } from '../../lib/images.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { insertUpload, type UploadRow } from './repo.ts';

/** The member uploading, and the workspace they work in: the upload serves that workspace only. */
export interface UploadOwner {
  id: string;
  workspace: { id: string };
}

export interface UploadService {
  /** `data`: the bytes, or the path of the temporary file an upload was streamed to. */
  store(user: UploadOwner, file: { data: ImageInput; filename: string }): Promise<Upload>;
  /** An upload as its owner sees it: its file behind a short-lived signed URL. */
  toUpload(row: UploadRow): Promise<Upload>;
}

export function createUploadService(deps: { db: Db; storage: Storage }): UploadService {
  const toUpload = async (row: UploadRow): Promise<Upload> => ({
    id: row.id,
    url: await deps.storage.signedUrl(row.key),
    width: row.width,
    height: row.height,
    mimeType: row.mimeType,
    bytes: row.bytes,
    originalName: row.originalName,
  });
  return {
    toUpload,
    async store(user, file) {
      const userId = user.id;
      const bytes = typeof file.data === 'string' ? (await stat(file.data)).size : file.data.length;
      if (bytes > UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge);
      await inspectImage(file.data, { formats: ['png', 'jpeg', 'gif'], notImageMessage: uploadMessages.notImage });
      const image = await normalizeInputImage(file.data);
      const id = randomUUID();
      const key = `uploads/${userId}/${id}.png`;
      await deps.storage.put(key, image.data, { contentType: 'image/png', visibility: 'private' });
      const thumbnailKey = `uploads/${userId}/${id}-thumb.webp`;
      await deps.storage.put(thumbnailKey, (await renderThumbnail(image.data)).data, { contentType: 'image/webp', visibility: 'private' });
      const row = await insertUpload(deps.db, {
        id,
        workspaceId: user.workspace.id,
        userId,
        key,
        mimeType: 'image/png',
        width: image.width,
        height: image.height,
        bytes: image.data.length,
        originalName: cleanFileName(file.filename),
        thumbnailKey,
      });
      return toUpload(row);
    },
  };
}
