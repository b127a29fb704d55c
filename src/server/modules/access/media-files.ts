import type { DbOrTx } from '../../db/client.ts';
import type { FileAccess } from '../../http/media-files.ts';
import { findKlipFilesByStem } from '../klips/files-repo.ts';
import { findUploadByKey } from '../uploads/repo.ts';
import { canReadKlip, canUseUpload } from './rules.ts';
import type { ViewerLoader } from './viewer.ts';

type Caller = () => Promise<{ id: string; emailVerified: boolean } | null>;

/** `klips/{userId}/{generationJobId or klipId}[-thumb|-poster…].{ext}` (modules/generation/output.ts). */
const KLIP_FILE = /^klips\/[^/]+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-[a-z]+)?\.[a-z0-9]+$/;

/**
 * Who may load a file of the local storage folder, and how long others may keep it:
 * a klip's files (media, thumbnail, poster) follow the klip (`canReadKlip`): public ones are
 * public but cached for an hour only, so a klip made private soon leaves shared caches; private
 * ones reach their owner and super admins alone, never stored. An upload reaches its uploader
 * alone (`canUseUpload`). Every other prefix (avatars, inspirations…) is public and immutable.
 * Files of klips and uploads without their row are "not found". The session is read only for
 * private files. Signed URLs will replace this (issue 14).
 */
export function createMediaFileAccess(deps: { db: DbOrTx; access: ViewerLoader }) {
  return async function fileAccess(key: string, caller: Caller): Promise<FileAccess> {
    if (key.startsWith('klips/')) {
      const stem = KLIP_FILE.exec(key)?.[1];
      const klip = stem ? await findKlipFilesByStem(deps.db, stem) : undefined;
      if (!klip || !klip.keys.includes(key)) return 'hidden';
      if (klip.isPublic) return 'public';
      return canReadKlip(await deps.access.viewer(await caller()), klip) ? 'private' : 'hidden';
    }
    if (key.startsWith('uploads/')) {
      const upload = await findUploadByKey(deps.db, key);
      if (!upload) return 'hidden';
      return canUseUpload(await deps.access.viewer(await caller()), { ownerId: upload.userId }) ? 'private' : 'hidden';
    }
    return 'immutable';
  };
}

export type MediaFileAccess = ReturnType<typeof createMediaFileAccess>;
