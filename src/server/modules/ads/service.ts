import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { adLayout, adSize, type AdSizeId } from '#contracts/ad-formats.ts';
import type { z } from 'zod';
import { adMessages, type AdPreviewRequest, type AdSet, type MakeAdsRequest } from '#contracts/ads.ts';
import { brandKitMessages } from '#contracts/brand-kits.ts';
import { klipMessages } from '#contracts/klips.ts';
import { parseProductBox, PRODUCT_BOX_ATTRIBUTE, type ProductBox } from '#contracts/product-box.ts';
import { adPreviewRateLimit, adRenderRateLimit } from '#contracts/limits.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderThumbnail } from '../../lib/images.ts';
import type { Logger } from '../../lib/logger.ts';
import { streamZip } from '../../lib/zip-stream.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { canDownloadAdSet, isOwnKlip } from '../access/rules.ts';
import type { ViewerLoader } from '../access/viewer.ts';
import type { BrandKitForRender, BrandKitService, RenderFont } from '../brand-kits/service.ts';
import { ensureTags, linkTags } from '../klips/tag-repo.ts';
import { findKlip, findKlipAttributes, insertKlipOnce } from '../klips/repo.ts';
import { toKlip, type KlipRow } from '../klips/serialize.ts';
import type { AdBrand, AdFontSource, RenderAdInput, RenderedAd, renderAd as RenderAd } from './render/render-ad.ts';
import { adSetKlips, findAdSet, insertAdSet } from './repo.ts';

// Without the pool, the ad renderer (fontkit and the fonts' shaping) is loaded with the first ad, not with the server (docs/operations.md#memory).
const renderAd = async (...args: Parameters<typeof RenderAd>) => (await import('./render/render-ad.ts')).renderAd(...args);

type MakeAds = z.output<typeof MakeAdsRequest>;
type PreviewAd = z.output<typeof AdPreviewRequest>;
export type MakeAdsFor = Pick<MakeAds, 'layout' | 'texts' | 'sizes' | 'brandKitId'>;

export interface AdService {
  /** A small WebP of one size, nothing stored (the dialog's live preview). */
  preview(user: SignedInUser, klipId: string, request: PreviewAd): Promise<Buffer>;
  /** One new klip per size, grouped in a set, tagged "ad". */
  make(user: SignedInUser, klipId: string, request: MakeAds): Promise<AdSet>;
  /**
   * Ads of a klip the caller has already authorised (a batch item's, made by its job): no user, no
   * rate limit. `brandKitId` as in `make`. `claim` runs in the saving transaction; false: nothing is
   * saved and null is answered (a set made already).
   */
  makeForKlip(
    klip: KlipRow,
    request: MakeAdsFor,
    options: { claim?: (tx: DbOrTx, setId: string) => Promise<boolean> },
  ): Promise<AdSet | null>;
  /** Every size of a set as one ZIP, for the members of its workspace. */
  zip(user: SignedInUser, setId: string): Promise<{ fileName: string; stream: Readable }>;
}

/** Rolls back a set whose claim found one made already. */
class SetMadeAlready extends Error {}

/** Every ad klip is tagged so, so the library finds them all. */
export const AD_TAG = 'ad';
const PREVIEW_LONG_SIDE = 540;

export const adSetZipUrl = (setId: string) => `/api/ad-sets/${setId}/zip`;

function renderFont(font: RenderFont): AdFontSource {
  return 'catalog' in font ? font : { data: font.bytes };
}

function adBrand(kit: BrandKitForRender | null): AdBrand | null {
  if (!kit) return null;
  return { colors: kit.colors, headingFont: renderFont(kit.headingFont), bodyFont: renderFont(kit.bodyFont), logos: kit.logos };
}

/** The first size whose channel forbids overlays is refused with its channel's reason, before any work. */
function refuseOverlaySizes(sizes: readonly AdSizeId[]): void {
  for (const id of sizes) {
    const reason = adSize(id).refusesOverlays;
    if (reason) throw new AppError('VALIDATION_FAILED', reason);
  }
}

export function createAdService(deps: {
  db: Db;
  storage: Storage;
  access: ViewerLoader;
  brandKits: Pick<BrandKitService, 'forRender'>;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  logger: Logger;
  /** Where ads are drawn: the runtime passes the render pool's (render/render-in-pool.ts); by default `renderAd` on this thread. */
  render?: (input: RenderAdInput) => Promise<RenderedAd>;
}): AdService {
  const { db, storage } = deps;
  const draw = deps.render ?? renderAd;

  /** An image klip's picture and, when its renderer recorded one, where its product stands (what ads keep free). */
  async function pictureOf(klip: KlipRow): Promise<{ image: Buffer; productBox: ProductBox | null }> {
    if (klip.klipType !== 'image') throw new AppError('VALIDATION_FAILED', adMessages.notImage);
    const [image, attributes] = await Promise.all([storage.get(klip.mediaKey), findKlipAttributes(db, klip.id)]);
    if (!image) throw new AppError('NOT_FOUND', klipMessages.notFound);
    return { image, productBox: parseProductBox(attributes.find((a) => a.name === PRODUCT_BOX_ATTRIBUTE)?.value) };
  }

  /** The image klip of the caller's current workspace the ads are made from; anything else is "not found". */
  async function sourceKlip(user: SignedInUser, klipId: string): Promise<{ klip: KlipRow; image: Buffer; productBox: ProductBox | null }> {
    const [klip, viewer] = await Promise.all([findKlip(db, klipId), deps.access.viewer(user)]);
    if (!klip || !isOwnKlip(viewer, klip)) throw new AppError('NOT_FOUND', klipMessages.notFound);
    return { klip, ...(await pictureOf(klip)) };
  }

  /** Omitted: the workspace's default kit (or none); null: none; an id: that kit of the klip's workspace. */
  async function brandKit(workspaceId: string, kitId: string | null | undefined): Promise<BrandKitForRender | null> {
    if (kitId === null) return null;
    const kit = await deps.brandKits.forRender(workspaceId, kitId ?? null);
    if (kitId && !kit) throw new AppError('NOT_FOUND', brandKitMessages.notFound);
    return kit;
  }

  /**
   * Renders and stores every size, then saves the set and one klip per size in one transaction.
   * `claim` runs first in that transaction: false leaves nothing saved (its files are removed).
   */
  async function saveSet(args: {
    klip: KlipRow;
    image: Buffer;
    productBox: ProductBox | null;
    kit: BrandKitForRender | null;
    request: MakeAdsFor;
    ownerId: string;
    claim?: ((tx: DbOrTx, setId: string) => Promise<boolean>) | undefined;
  }): Promise<AdSet | null> {
    const { klip, image, productBox, kit, request, ownerId, claim } = args;
    const sizes = request.sizes;
    const setId = crypto.randomUUID();
    const stored: string[] = [];
    try {
      const rendered: Array<{ size: AdSizeId; ad: RenderedAd; mediaKey: string; thumbnailKey: string }> = [];
      for (const size of sizes) {
        const started = performance.now();
        const ad = await draw({ image, productBox, layout: request.layout, size, texts: request.texts, brand: adBrand(kit) });
        const mediaKey = `klips/${ownerId}/ad-${setId}-${size}.png`;
        await storage.put(mediaKey, ad.data, { contentType: ad.mimeType, visibility: 'private' });
        stored.push(mediaKey);
        const thumbnailKey = `klips/${ownerId}/ad-${setId}-${size}-thumb.webp`;
        await storage.put(thumbnailKey, (await renderThumbnail(ad.data)).data, { contentType: 'image/webp', visibility: 'private' });
        stored.push(thumbnailKey);
        rendered.push({ size, ad, mediaKey, thumbnailKey });
        deps.logger.info({ klipId: klip.id, setId, size, ms: Math.round(performance.now() - started) }, 'ad rendered');
      }
      const layout = adLayout(request.layout);
      const rows = await db
        .transaction(async (tx) => {
          await insertAdSet(tx, {
            id: setId,
            workspaceId: klip.workspaceId,
            createdBy: ownerId,
            sourceKlipId: klip.id,
            brandKitId: kit?.id ?? null,
            layout: request.layout,
            texts: request.texts,
            sizes,
          });
          // Claimed after the set exists (the claim may point at it); a set made already rolls this one back.
          if (claim && !(await claim(tx, setId))) throw new SetMadeAlready();
          const tagIds = [...(await ensureTags(tx, [AD_TAG])).values()];
          const made: KlipRow[] = [];
          for (const { size, ad, mediaKey, thumbnailKey } of rendered) {
            const row = await insertKlipOnce(
              tx,
              {
                workspaceId: klip.workspaceId,
                userId: ownerId,
                klipType: 'image',
                mediaKey,
                thumbnailKey,
                mimeType: ad.mimeType,
                width: ad.width,
                height: ad.height,
                prompt: klip.prompt,
                modelName: klip.modelName,
                source: klip.source,
                isPublic: false,
                brandKitId: kit?.id ?? null,
                adSetId: setId,
                adSize: size,
              },
              {
                ad_layout: layout.label,
                ad_size: `${adSize(size).label} (${ad.width}×${ad.height})`,
                made_from: klip.id,
                ...(kit ? { brand_kit: kit.name } : {}),
              },
            );
            await linkTags(tx, row.id, tagIds);
            made.push(row);
          }
          return made;
        })
        .catch((err: unknown) => {
          if (err instanceof SetMadeAlready) return null;
          throw err;
        });
      if (!rows) {
        // Another run saved this set first: what this one stored goes.
        await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
        return null;
      }
      const klips = await Promise.all(rows.map(async (row) => toKlip(row, await findKlipAttributes(db, row.id), storage)));
      return { id: setId, klips, zipUrl: adSetZipUrl(setId) };
    } catch (err) {
      // Nothing half made stays behind: the files of a set that was not saved are removed.
      await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
      throw err;
    }
  }

  return {
    async preview(user, klipId, request) {
      refuseOverlaySizes([request.size]);
      const { klip, image, productBox } = await sourceKlip(user, klipId);
      const kit = await brandKit(klip.workspaceId, request.brandKitId);
      await deps.rateLimiter.hit(adPreviewRateLimit, user.id, adMessages.tooManyPreviews);
      const ad = await draw({
        image,
        productBox,
        layout: request.layout,
        size: request.size,
        texts: request.texts,
        brand: adBrand(kit),
      });
      return sharp(ad.data).resize(PREVIEW_LONG_SIDE, PREVIEW_LONG_SIDE, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
    },

    async make(user, klipId, request) {
      const sizes = [...new Set(request.sizes)];
      refuseOverlaySizes(sizes);
      const { klip, image, productBox } = await sourceKlip(user, klipId);
      const kit = await brandKit(klip.workspaceId, request.brandKitId);
      await deps.rateLimiter.hit(adRenderRateLimit, user.id, adMessages.tooManyRenders);

      return (await saveSet({ klip, image, productBox, kit, request: { ...request, sizes }, ownerId: user.id }))!;
    },

    async makeForKlip(klip, request, options) {
      const sizes = [...new Set(request.sizes)];
      refuseOverlaySizes(sizes);
      const { image, productBox } = await pictureOf(klip);
      const kit = await brandKit(klip.workspaceId, request.brandKitId);
      return saveSet({ klip, image, productBox, kit, request: { ...request, sizes }, ownerId: klip.userId, claim: options.claim });
    },

    async zip(user, setId) {
      const [set, viewer] = await Promise.all([findAdSet(db, setId), deps.access.viewer(user)]);
      if (!set || !canDownloadAdSet(viewer, set)) {
        throw new AppError('NOT_FOUND', adMessages.adSetNotFound);
      }
      const rows = await adSetKlips(db, set);
      if (rows.length === 0) throw new AppError('NOT_FOUND', adMessages.adSetNotFound);
      const entries = rows.map((row) => ({
        load: async () => {
          const data = await storage.getStream(row.mediaKey);
          return data ? { name: `${row.adSize}.png`, data } : null;
        },
      }));
      return { fileName: `klipt-ads-${set.id.slice(0, 8)}.zip`, stream: streamZip(entries, deps.logger) };
    },
  };
}
