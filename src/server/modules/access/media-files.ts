import type { DbOrTx } from '../../db/client.ts';
import type { FileAccess } from '../../http/media-files.ts';
import { checkLocalFileSignature } from '../../providers/storage/url-signing.ts';
import { findKlipFilesByStem } from '../klips/files-repo.ts';

/** `klips/{userId}/{generationJobId or klipId}[-thumb|-poster…].{ext}` (modules/generation/output.ts). */
const KLIP_FILE = /^klips\/[^/]+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-[a-z]+)?\.[a-z0-9]+$/;
/** `social/{klipId}-{fingerprint}.jpg` (modules/klips/social-card.ts). */
const SOCIAL_CARD = /^social\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-[0-9a-f]+\.jpg$/;

/**
 * Who may load a file of the local storage folder (docs/operations.md#media-files), and how long
 * others may keep it. A URL signed by this server (storage.signedUrl, issued only to those allowed
 * to see the file) is served until it expires; a tampered or expired one is refused. Unsigned:
 * a public klip's files (media, thumbnail, poster) and its link-preview card are public but cached
 * for an hour only, so a klip made private soon leaves shared caches; a private klip's files and
 * card, uploads, exports (modules/exports), klip renditions (served by their route, modules/klips/renditions.ts) and brand kits' logos and fonts
 * (modules/brand-kits) are "not found", like files of klips and uploads without their row; every other prefix (avatars,
 * inspirations…) is public and immutable.
 */
export function createMediaFileAccess(deps: { db: DbOrTx; signingKey: Buffer; now?: () => number }) {
  const now = deps.now ?? Date.now;
  return async function fileAccess(key: string, signature: { expires?: string; signature?: string }): Promise<FileAccess> {
    if (signature.expires !== undefined || signature.signature !== undefined) {
      const check = checkLocalFileSignature(deps.signingKey, key, signature, now());
      if (check !== 'valid') return { refuse: check };
      return { serve: 'signed', maxAgeSeconds: Math.max(0, Math.floor(Number(signature.expires) - now() / 1000)) };
    }
    if (key.startsWith('klips/')) {
      const stem = KLIP_FILE.exec(key)?.[1];
      const klip = stem ? await findKlipFilesByStem(deps.db, stem) : undefined;
      return klip?.isPublic && klip.keys.includes(key) ? { serve: 'public' } : { refuse: 'hidden' };
    }
    if (key.startsWith('social/')) {
      const klipId = SOCIAL_CARD.exec(key)?.[1];
      const klip = klipId ? await findKlipFilesByStem(deps.db, klipId) : undefined;
      return klip?.isPublic ? { serve: 'public' } : { refuse: 'hidden' };
    }
    if (['uploads/', 'exports/', 'brand-kits/', 'renditions/'].some((prefix) => key.startsWith(prefix))) return { refuse: 'hidden' };
    return { serve: 'immutable' };
  };
}

export type MediaFileAccess = ReturnType<typeof createMediaFileAccess>;
