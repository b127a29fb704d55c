import type { FastifyInstance } from 'fastify';
import { listImageInspirationCategories, listImageInspirations, type ImageInspiration } from '../../../contracts/inspirations.ts';
import type { Db } from '../../db/client.ts';
import { registerRoute } from '../../http/register-route.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { SessionGuard } from '../auth/session-guard.ts';
import { listActiveImageInspirations, listImageInspirationCategories as listCategories, type ImageInspirationRow } from './repo.ts';

export function registerInspirationRoutes(app: FastifyInstance, deps: { db: Db; storage: Storage; guard: SessionGuard }): void {
  const toInspiration = (row: ImageInspirationRow): ImageInspiration => ({
    id: row.id,
    prompt: row.prompt,
    category: row.category,
    subcategory: row.subcategory,
    imageUrl: deps.storage.publicUrl(row.imageKey),
    thumbnailUrl: deps.storage.publicUrl(row.thumbnailKey ?? row.imageKey),
    createdAt: row.createdAt.toISOString(),
  });

  registerRoute(app, listImageInspirations, {
    preHandler: deps.guard.requireVerifiedUser,
    handler: async (req) => {
      const { category, subcategory, search } = req.query;
      const rows = await listActiveImageInspirations(deps.db, {
        ...(category ? { category } : {}),
        ...(subcategory ? { subcategory } : {}),
        ...(search ? { search } : {}),
      });
      return { inspirations: rows.map(toInspiration) };
    },
  });

  registerRoute(app, listImageInspirationCategories, {
    preHandler: deps.guard.requireVerifiedUser,
    handler: async () => ({ categories: await listCategories(deps.db) }),
  });
}
