/**
 * Ad creatives (docs/product-rules.md#ad-creatives): the layouts a klip can be turned into, and the
 * sizes an ad comes in, each with its channel's slot rules. Shared by the renderer, the API and the
 * Make ad dialog, so the dialog can only offer what the server renders.
 */

export const adLayoutIds = ['bottom-bar', 'price-badge', 'sale-banner', 'quote', 'logo-corner', 'story'] as const;
export type AdLayoutId = (typeof adLayoutIds)[number];

/** The texts an ad can carry; each layout says which it draws. */
export const adTextFields = ['headline', 'subline', 'price', 'cta'] as const;
export type AdTextField = (typeof adTextFields)[number];

export interface AdLayout {
  id: AdLayoutId;
  label: string;
  /** The texts this layout draws, in reading order; the others are ignored. */
  fields: readonly AdTextField[];
}

export const adLayouts: readonly AdLayout[] = [
  { id: 'bottom-bar', label: 'Bottom bar', fields: ['headline', 'subline', 'cta'] },
  { id: 'price-badge', label: 'Price badge', fields: ['headline', 'price'] },
  { id: 'sale-banner', label: 'Sale banner', fields: ['headline', 'subline', 'cta'] },
  { id: 'quote', label: 'Quote', fields: ['headline', 'subline'] },
  { id: 'logo-corner', label: 'Logo corner', fields: [] },
  { id: 'story', label: 'Story', fields: ['headline', 'subline', 'price', 'cta'] },
];

export function adLayout(id: AdLayoutId): AdLayout {
  return adLayouts.find((layout) => layout.id === id)!;
}

export const adSizeIds = [
  'square-feed',
  'instagram-post',
  'story',
  'facebook-ad',
  'shopify-product',
  'etsy-listing',
  'amazon-main',
  'google-shopping',
] as const;
export type AdSizeId = (typeof adSizeIds)[number];

/** What users read about a size's channel rules. */
export const adSlotMessages = {
  amazonMain: "Amazon's main image must show only the product on white: no text, logos or badges. Choose another size for ads.",
  googleShopping: 'Google Shopping refuses product images with promotional text, logos or watermarks. Choose another size for ads.',
} as const;

export interface AdSize {
  id: AdSizeId;
  label: string;
  width: number;
  height: number;
  /** Null when the channel allows overlays; otherwise why it refuses them. */
  refusesOverlays: string | null;
  /** Fractions of the height kept free of text and logos at the top and bottom (the channel's own buttons sit there). */
  safeZone: { top: number; bottom: number };
}

const noSafeZone = { top: 0, bottom: 0 } as const;
const size = (id: AdSizeId, label: string, width: number, height: number, extra: Partial<AdSize> = {}): AdSize => ({
  id,
  label,
  width,
  height,
  refusesOverlays: null,
  safeZone: noSafeZone,
  ...extra,
});

/**
 * Every ad size, in the order the Make ad dialog lists them: the export presets' frames plus a square
 * feed post and Google Shopping. Stories keep the top 14% and bottom 20% free (Meta's and TikTok's
 * interface covers them).
 */
export const adSizes: readonly AdSize[] = [
  size('square-feed', 'Square feed post', 1080, 1080),
  size('instagram-post', 'Instagram post', 1080, 1350),
  size('story', 'Instagram/TikTok story', 1080, 1920, { safeZone: { top: 0.14, bottom: 0.2 } }),
  size('facebook-ad', 'Facebook/Meta ad', 1200, 628),
  size('shopify-product', 'Shopify product', 2048, 2048),
  size('etsy-listing', 'Etsy listing', 2700, 2025),
  size('amazon-main', 'Amazon main image', 2000, 2000, { refusesOverlays: adSlotMessages.amazonMain }),
  size('google-shopping', 'Google Shopping', 1200, 1200, { refusesOverlays: adSlotMessages.googleShopping }),
];

export function adSize(id: AdSizeId): AdSize {
  return adSizes.find((s) => s.id === id)!;
}
