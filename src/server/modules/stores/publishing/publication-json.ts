import type { Publication } from '#contracts/stores.ts';
import type { PublicationWithProduct } from './publication-repo.ts';

export function toPublication(row: PublicationWithProduct): Publication {
  return {
    id: row.id,
    klipId: row.klipId,
    productId: row.productId,
    productTitle: row.productTitle,
    batchId: row.batchId,
    featured: row.featured,
    status: row.status,
    error: row.error,
    mediaId: row.mediaId,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}
