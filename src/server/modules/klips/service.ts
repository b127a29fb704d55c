import { klipMessages } from '../../../contracts/klips.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJpeg } from '../../lib/images.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { canReadKlip } from '../access/rules.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import { findKlip } from './repo.ts';

export interface KlipDownload {
  data: Buffer;
  mimeType: string;
  extension: string;
}

export interface KlipService {
  /**
   * The klip's file (as JPEG on request for images); a klip the caller may not read is "not found".
   * `caller` is only asked for when the klip is private: public downloads skip the session lookup.
   */
  download(
    klipId: string,
    format: 'jpg' | 'original',
    caller: () => Promise<{ id: string; emailVerified: boolean } | null>,
  ): Promise<KlipDownload>;
}

export function createKlipService(deps: { db: Db; storage: Storage; access: ViewerLoader }): KlipService {
  return {
    async download(klipId, format, caller) {
      const klip = await findKlip(deps.db, klipId);
      const readable =
        klip && (klip.isPublic || canReadKlip(await deps.access.viewer(await caller()), { ownerId: klip.userId, isPublic: klip.isPublic }));
      if (!klip || !readable) throw new AppError('NOT_FOUND', klipMessages.notFound);
      const original = await deps.storage.get(klip.mediaKey);
      if (!original) throw new AppError('NOT_FOUND', klipMessages.notFound);
      const asJpeg = format === 'jpg' && klip.klipType === 'image';
      return {
        data: asJpeg ? await toJpeg(original) : original,
        mimeType: asJpeg ? 'image/jpeg' : klip.mimeType,
        extension: asJpeg ? 'jpg' : (klip.mediaKey.split('.').pop() ?? 'bin'),
      };
    },
  };
}
