import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { downloadKlip } from '../../../contracts/klips.ts';
import type { Db } from '../../db/client.ts';
import { registerRoute } from '../../http/register-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { toJpeg } from '../../lib/images.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { SessionGuard } from '../auth/session-guard.ts';
import { isSuperAdmin } from '../roles/repo.ts';
import { findKlip } from './repo.ts';

/** Downloads: the owner and super admins always, anyone for public klips; a private klip is "not found" to others. */
export function registerKlipDownloadRoutes(app: FastifyInstance, deps: { db: Db; storage: Storage; guard: SessionGuard }): void {
  const mayReadPrivate = async (req: FastifyRequest, reply: FastifyReply, ownerId: string): Promise<boolean> => {
    const session = await deps.guard.load(req, reply);
    if (!session?.user.emailVerified) return false;
    return session.user.id === ownerId || (await isSuperAdmin(deps.db, session.user.id));
  };

  registerRoute(app, downloadKlip, {
    handler: async (req, reply) => {
      const klip = await findKlip(deps.db, req.params.id);
      if (!klip || !(klip.isPublic || (await mayReadPrivate(req, reply, klip.userId)))) throw new AppError('NOT_FOUND', 'Klip not found');
      const original = await deps.storage.get(klip.mediaKey);
      if (!original) throw new AppError('NOT_FOUND', 'Klip not found');
      const asJpeg = req.query.format === 'jpg' && klip.klipType === 'image';
      const data = asJpeg ? await toJpeg(original) : original;
      const ext = asJpeg ? 'jpg' : (klip.mediaKey.split('.').pop() ?? 'bin');
      const name = `${req.query.name ?? 'klip'}.${ext}`;
      reply
        .header('Content-Type', asJpeg ? 'image/jpeg' : klip.mimeType)
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'private, no-store');
      await reply.send(data);
      return undefined;
    },
  });
}
