import { demoPhotoExternalId, type DemoProduct } from './catalogue.ts';
import type { DemoMediaRow } from './media-repo.ts';

/** A demo product's media as its store shows them: its catalogue photos and what was published onto it. */
export type DemoProductMedium =
  { kind: 'catalogue'; externalId: string; n: number; alt: string } | { kind: 'published'; externalId: string; row: DemoMediaRow };

export const PUBLISHED_MEDIA_GID = 'gid://klipt-demo/MediaImage/';

export const publishedMediaExternalId = (rowId: string): string => `${PUBLISHED_MEDIA_GID}${rowId}`;

/**
 * Puts the published media among the catalogue photos: each row's position is its place in the
 * whole list (insertDemoMedia keeps them so), taken in position order.
 */
export function demoProductMedia(product: DemoProduct, published: readonly DemoMediaRow[]): DemoProductMedium[] {
  const media: DemoProductMedium[] = product.photos.map((alt, i) => ({
    kind: 'catalogue',
    externalId: demoPhotoExternalId(product, i + 1),
    n: i + 1,
    alt,
  }));
  const ordered = [...published].sort(
    (a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
  for (const row of ordered) {
    media.splice(Math.min(row.position, media.length), 0, { kind: 'published', externalId: publishedMediaExternalId(row.id), row });
  }
  return media;
}
