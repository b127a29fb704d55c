import { getKlipSocialImage, klipMessages } from '#contracts/klips.ts';
import { posterRendition, renditionSrcSet, SHARE_IMAGE_SIZES } from '#contracts/klip-renditions.ts';
import { paths } from '#contracts/paths.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/html.ts';
import { SOCIAL_CARD } from '../../lib/images.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Semaphore } from '../../lib/semaphore.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { canReadKlip } from '../access/rules.ts';
import { findKlip } from './repo.ts';
import type { KlipRow } from './serialize.ts';
import { klipRenditions } from './renditions.ts';
import { createSocialCards } from './social-card.ts';

const SITE_NAME = 'Klipt';
const TITLE_CHARS = 60;
const DESCRIPTION_CHARS = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHARE_PATH = /^\/share\/([^/]+)\/?$/;

/**
 * What link crawlers see of a shared klip: Open Graph and Twitter card tags in the share page's
 * HTML and a 1200×630 picture. Both are for visitors (crawlers carry no session), so they show a
 * klip only when a visitor may read it: a private klip gets neither, its owner included.
 */
export interface KlipSharePreview {
  /** The head elements of a page path (replacing index.html's title and description), or undefined to serve index.html as it is. */
  pageHead(path: string): Promise<string | undefined>;
  /**
   * The klip's image, or a video's poster, as the link-preview JPEG, rendered once and stored
   * (social-card.ts); "not found" unless a visitor may read it, 429 while renders are all taken.
   */
  socialImage(klipId: string): Promise<Buffer>;
}

export function createKlipSharePreview(deps: {
  db: Db;
  storage: Storage;
  appUrl: string;
  logger?: Logger;
  /** Tests count and hold renders; the defaults are renderSocialCard and one render at a time with a short queue. */
  render?: (picture: Buffer) => Promise<Buffer>;
  gate?: Semaphore;
}): KlipSharePreview {
  const cards = createSocialCards(deps);
  const visibleKlip = async (klipId: string): Promise<KlipRow | undefined> => {
    if (!UUID.test(klipId)) return undefined;
    const klip = await findKlip(deps.db, klipId);
    return klip && canReadKlip(null, klip) ? klip : undefined;
  };
  return {
    async pageHead(path) {
      const id = SHARE_PATH.exec(path)?.[1];
      const klip = id ? await visibleKlip(id) : undefined;
      return klip ? shareHead(klip, deps.appUrl) : undefined;
    },
    async socialImage(klipId) {
      const klip = await visibleKlip(klipId);
      if (!klip) throw new AppError('NOT_FOUND', klipMessages.notFound);
      return cards.card(klip);
    },
  };
}

/** The tags of a klip's share page; every value escaped. */
export function shareHead(klip: KlipRow, appUrl: string): string {
  const prompt = klip.prompt.replace(/\s+/g, ' ').trim();
  const title = `${shorten(prompt, TITLE_CHARS)} — ${SITE_NAME}`;
  const description = shorten(prompt, DESCRIPTION_CHARS);
  const pageUrl = appUrl + paths.share(klip.id);
  const imageUrl = appUrl + getKlipSocialImage.path.replace(':id', klip.id);
  const alt = shorten(prompt, DESCRIPTION_CHARS);
  const meta: Array<[attribute: 'property' | 'name', key: string, value: string]> = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:image', imageUrl],
    ['property', 'og:image:type', 'image/jpeg'],
    ['property', 'og:image:width', String(SOCIAL_CARD.width)],
    ['property', 'og:image:height', String(SOCIAL_CARD.height)],
    ['property', 'og:image:alt', alt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', imageUrl],
    ['name', 'twitter:image:alt', alt],
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    ...mainImagePreload(klip),
    ...meta.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}

/**
 * The page's largest picture, fetched with the HTML instead of after the app and the klip's data
 * have loaded: the same `srcset` and `sizes` as the page's `<img>` (share-page.tsx), so the
 * browser reuses what it preloaded; a video's poster copy.
 */
function mainImagePreload(klip: KlipRow): string[] {
  const renditions = klipRenditions(klip);
  if (renditions.length === 0) return [];
  if (klip.klipType === 'video') {
    const poster = posterRendition(renditions)!;
    return [`<link rel="preload" as="image" href="${escapeHtml(poster.url)}" fetchpriority="high" />`];
  }
  return [
    `<link rel="preload" as="image" imagesrcset="${escapeHtml(renditionSrcSet(renditions))}" imagesizes="${escapeHtml(SHARE_IMAGE_SIZES)}" fetchpriority="high" />`,
  ];
}

/** At most `max` characters, cut at a word where one is near, with an ellipsis when cut. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
