import type { StoreProductStatus } from '#contracts/stores.ts';

/**
 * The demo store's catalogue (docs/product-rules.md#demo-store): fixed products, the same in every
 * workspace; what a workspace publishes onto them lives in `demo_store_media`. Ids are shaped like
 * Shopify's so the import and publish flows treat the demo store exactly like a real shop.
 */
export interface DemoProduct {
  /** The numeric part of its `gid://shopify/Product/…` id (never reused). */
  readonly number: string;
  readonly handle: string;
  readonly title: string;
  readonly vendor: string;
  readonly productType: string;
  readonly tags: readonly string[];
  readonly description: string;
  readonly price: string;
  readonly status: StoreProductStatus;
  /** Alt texts of its photos, in order (photo n is drawn by photos.ts). */
  readonly photos: readonly string[];
}

/** When the catalogue last changed: a product's updatedAt unless a workspace published onto it since. */
export const DEMO_CATALOGUE_UPDATED_AT = '2026-01-15T09:00:00.000Z';

export const DEMO_PHOTO_SIZE = 1200;

export const demoCatalogue = [
  {
    number: '9104710000101',
    handle: 'stoneware-mug',
    title: 'Stoneware Mug — Sage',
    vendor: 'Klipt Demo Co.',
    productType: 'Mugs',
    tags: ['kitchen', 'ceramics', 'gift'],
    description: 'A hand-glazed 350 ml stoneware mug with a wide handle. Dishwasher and microwave safe.',
    price: '$24.00',
    status: 'active',
    photos: ['Sage stoneware mug filled with coffee', 'Sage stoneware mug, close-up of the glaze'],
  },
  {
    number: '9104710000102',
    handle: 'glass-water-bottle',
    title: 'Glass Water Bottle 600 ml',
    vendor: 'Klipt Demo Co.',
    productType: 'Bottles',
    tags: ['outdoor', 'glass', 'reusable'],
    description: 'Borosilicate glass bottle with a coral silicone sleeve and a leak-proof steel cap.',
    price: '$29.00',
    status: 'active',
    photos: ['Glass water bottle with coral sleeve and steel cap'],
  },
  {
    number: '9104710000103',
    handle: 'trail-running-sneaker',
    title: 'Trail Running Sneaker',
    vendor: 'Northpace',
    productType: 'Shoes',
    tags: ['running', 'footwear', 'outdoor'],
    description: 'A light trail runner with a cushioned foam midsole and a grippy rubber outsole.',
    price: '$119.00',
    status: 'active',
    photos: ['Orange trail running sneaker, side view', 'Orange trail running sneaker, detail of the laces'],
  },
  {
    number: '9104710000104',
    handle: 'leather-bifold-wallet',
    title: 'Leather Bifold Wallet',
    vendor: 'Hollis & Vane',
    productType: 'Wallets',
    tags: ['leather', 'accessories', 'gift'],
    description: 'Full-grain vegetable-tanned leather, hand-stitched, with six card slots.',
    price: '$58.00',
    status: 'active',
    photos: ['Brown leather bifold wallet with a card'],
  },
  {
    number: '9104710000105',
    handle: 'field-wristwatch',
    title: 'Field Wristwatch 38 mm',
    vendor: 'Hollis & Vane',
    productType: 'Watches',
    tags: ['watches', 'accessories', 'steel'],
    description: 'A brushed steel case, a navy dial with luminous hands, and a tan leather strap.',
    price: '$189.00',
    status: 'active',
    photos: ['Steel wristwatch with navy dial and tan strap', 'Wristwatch dial, close-up'],
  },
  {
    number: '9104710000106',
    handle: 'amber-scented-candle',
    title: 'Amber & Cedar Scented Candle',
    vendor: 'Klipt Demo Co.',
    productType: 'Candles',
    tags: ['home', 'fragrance', 'gift'],
    description: 'A soy wax candle in an amber glass jar, with notes of cedar, amber and vanilla. 45 hours.',
    price: '$32.00',
    status: 'active',
    photos: ['Lit candle in an amber glass jar'],
  },
  {
    number: '9104710000107',
    handle: 'vitamin-c-serum',
    title: 'Vitamin C Brightening Serum',
    vendor: 'Lumen Skin',
    productType: 'Skincare',
    tags: ['skincare', 'beauty', 'vegan'],
    description: 'A 30 ml serum with 15% vitamin C in an amber dropper bottle that keeps the light out.',
    price: '$36.00',
    status: 'active',
    photos: ['Amber dropper bottle of serum', 'Serum dropper bottle, close-up of the label'],
  },
  {
    number: '9104710000108',
    handle: 'wireless-headphones',
    title: 'Wireless Over-Ear Headphones',
    vendor: 'Sonder Audio',
    productType: 'Headphones',
    tags: ['audio', 'electronics', 'travel'],
    description: 'Over-ear headphones with active noise cancelling, 40 hours of battery and soft memory-foam cushions.',
    price: '$229.00',
    status: 'active',
    photos: ['Graphite over-ear wireless headphones'],
  },
  {
    number: '9104710000109',
    handle: 'canvas-backpack',
    title: 'Waxed Canvas Backpack',
    vendor: 'Northpace',
    productType: 'Bags',
    tags: ['bags', 'travel', 'canvas'],
    description: 'A 20 l waxed canvas backpack with a padded laptop sleeve and leather details.',
    price: '$98.00',
    status: 'active',
    photos: ['Olive waxed canvas backpack', 'Backpack front pocket, close-up'],
  },
  {
    number: '9104710000110',
    handle: 'classic-sunglasses',
    title: 'Classic Sunglasses',
    vendor: 'Hollis & Vane',
    productType: 'Sunglasses',
    tags: ['eyewear', 'summer', 'accessories'],
    description: 'Acetate frames with polarised, UV400 gradient lenses.',
    price: '$74.00',
    status: 'active',
    photos: ['Black acetate sunglasses with gradient lenses'],
  },
  {
    number: '9104710000111',
    handle: 'house-blend-coffee',
    title: 'House Blend Coffee Beans 250 g',
    vendor: 'Klipt Demo Co.',
    productType: 'Coffee',
    tags: ['coffee', 'food', 'organic'],
    description: 'A medium roast of Brazilian and Ethiopian beans: chocolate, red berries and a long finish.',
    price: '$16.00',
    status: 'active',
    photos: ['Kraft paper coffee bag with a black label', 'Coffee bag label, close-up'],
  },
  {
    number: '9104710000112',
    handle: 'terracotta-plant-pot',
    title: 'Terracotta Desk Plant Pot',
    vendor: 'Greenroom',
    productType: 'Planters',
    tags: ['home', 'plants', 'desk'],
    description: 'A 12 cm unglazed terracotta pot with a drainage hole, shown with a snake plant.',
    price: '$19.00',
    status: 'active',
    photos: ['Snake plant in a terracotta pot'],
  },
  {
    number: '9104710000113',
    handle: 'satin-lipstick',
    title: 'Satin Lipstick — Poppy',
    vendor: 'Lumen Skin',
    productType: 'Makeup',
    tags: ['makeup', 'beauty'],
    description: 'A creamy satin-finish lipstick in a warm red, in a refillable gold case.',
    price: '$22.00',
    status: 'draft',
    photos: ['Red lipstick in a gold case with its cap'],
  },
] as const satisfies readonly DemoProduct[];

export type DemoHandle = (typeof demoCatalogue)[number]['handle'];

const PRODUCT_GID = 'gid://shopify/Product/';
const MEDIA_GID = 'gid://shopify/MediaImage/';

export const demoProductExternalId = (product: DemoProduct): string => `${PRODUCT_GID}${product.number}`;

/** Photo n (1-based) of a catalogue product: its media id is the product's number and n. */
export const demoPhotoExternalId = (product: DemoProduct, n: number): string =>
  `${MEDIA_GID}${product.number}${String(n).padStart(2, '0')}`;

export function demoProductByHandle(handle: string): DemoProduct | null {
  return demoCatalogue.find((product) => product.handle === handle) ?? null;
}

export function demoProductByExternalId(externalId: string): DemoProduct | null {
  if (!externalId.startsWith(PRODUCT_GID)) return null;
  const number = externalId.slice(PRODUCT_GID.length);
  return demoCatalogue.find((product) => product.number === number) ?? null;
}
