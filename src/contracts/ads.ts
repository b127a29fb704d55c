import { z } from 'zod';
import { adLayoutIds, adSizeIds } from './ad-formats.ts';
import { brandKitMessages } from './brand-kits.ts';
import { defineContract } from './contract.ts';
import { optionalText } from './fields.ts';
import { Klip, klipMessages } from './klips.ts';

/** What users read about making ads (docs/product-rules.md#ad-creatives). */
export const adMessages = {
  notImage: 'Only image klips can be made into ads',
  layoutInvalid: 'Choose one of the ad layouts',
  sizeInvalid: 'Choose one of the ad sizes',
  sizesRequired: 'Choose at least one size',
  tooManySizes: 'Choose at most 8 sizes',
  headlineTooLong: 'Headline must be at most 80 characters',
  sublineTooLong: 'Subline must be at most 140 characters',
  priceTooLong: 'Price must be at most 20 characters',
  ctaTooLong: 'Call to action must be at most 24 characters',
  adSetNotFound: 'Ads not found',
  tooManyRenders: 'You have made many ads in a short time. Please try again in a few minutes; the ads you made are in your library.',
  tooManyPreviews: 'You have asked for many previews in a short time. Please wait a minute and try again.',
} as const;

export const AdTexts = z
  .object({
    headline: optionalText({ max: [80, adMessages.headlineTooLong] }),
    subline: optionalText({ max: [140, adMessages.sublineTooLong] }),
    price: optionalText({ max: [20, adMessages.priceTooLong] }),
    cta: optionalText({ max: [24, adMessages.ctaTooLong] }),
  })
  .strict()
  .meta({ id: 'AdTexts' });
export type AdTexts = z.infer<typeof AdTexts>;

const layout = z.enum(adLayoutIds, adMessages.layoutInvalid);
const adSize = z.enum(adSizeIds, adMessages.sizeInvalid);
/** null: no kit (a neutral look); omitted: the workspace's default kit. */
const brandKitId = z.uuid(brandKitMessages.notFound).nullable().optional();

export const AdPreviewRequest = z.object({ brandKitId, layout, texts: AdTexts, size: adSize }).strict().meta({ id: 'AdPreviewRequest' });

export const MakeAdsRequest = z
  .object({
    brandKitId,
    layout,
    texts: AdTexts,
    sizes: z.array(adSize, adMessages.sizesRequired).min(1, adMessages.sizesRequired).max(8, adMessages.tooManySizes),
  })
  .strict()
  .meta({ id: 'MakeAdsRequest' });

export const AdSet = z
  .object({
    id: z.string(),
    /** One klip per size, in the order the sizes were asked for. */
    klips: z.array(Klip),
    /** Where the ZIP of every size downloads. */
    zipUrl: z.string(),
  })
  .meta({ id: 'AdSet' });
export type AdSet = z.infer<typeof AdSet>;

const klipParams = z.object({ id: z.uuid(klipMessages.notFound) });

export const previewAd = defineContract({
  method: 'POST',
  path: '/api/klips/:id/ads/preview',
  summary: 'A small WebP of the ad as it will be made, for the live preview (nothing is saved; klips of your current workspace)',
  tags: ['ads'],
  params: klipParams,
  body: AdPreviewRequest,
  entitlement: 'brandKits',
  status: 200,
  response: z.unknown(),
  produces: 'application/octet-stream',
  errors: [400, 401, 403, 404, 429],
  auth: 'verified',
});

export const makeAds = defineContract({
  method: 'POST',
  path: '/api/klips/:id/ads',
  summary:
    'Make an image klip into ads: one new klip per size, in the brand kit\'s fonts, colours and logo, grouped and tagged "ad" (free; sizes whose channel forbids overlays are refused)',
  tags: ['ads'],
  params: klipParams,
  body: MakeAdsRequest,
  entitlement: 'brandKits',
  status: 201,
  response: AdSet,
  errors: [400, 401, 403, 404, 429],
  auth: 'verified',
});

export const downloadAdSet = defineContract({
  method: 'GET',
  path: '/api/ad-sets/:id/zip',
  summary: 'Every size of a set of ads as one ZIP (members of its workspace)',
  tags: ['ads'],
  params: z.object({ id: z.uuid(adMessages.adSetNotFound) }),
  status: 200,
  response: z.unknown(),
  produces: 'application/zip',
  errors: [400, 401, 403, 404],
  auth: 'verified',
});
