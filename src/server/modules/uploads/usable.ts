import { generationMessages } from '#contracts/generation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { canUseUpload, type Viewer } from '../access/rules.ts';
import { findUploads, type UploadRow } from './repo.ts';

/**
 * The uploads a generation or a batch names, in the order named, in one query; any that is missing
 * or not of the workspace the viewer works in answers "not found" (docs/product-rules.md#uploads).
 */
export async function usableUploads(db: DbOrTx, viewer: Viewer, ids: readonly string[]): Promise<UploadRow[]> {
  const found = new Map((await findUploads(db, ids)).map((row) => [row.id, row]));
  return ids.map((id) => {
    const upload = found.get(id);
    if (!upload || !canUseUpload(viewer, upload)) throw new AppError('NOT_FOUND', generationMessages.uploadNotFound);
    return upload;
  });
}

/** The storage key of one optional upload the viewer may use. */
export async function usableUploadKey(db: DbOrTx, viewer: Viewer, id: string | undefined): Promise<string | undefined> {
  return id ? (await usableUploads(db, viewer, [id]))[0]!.key : undefined;
}
