import type { VideoEffect } from '#contracts/video-effects.ts';

/**
 * The built-in video inspirations: a subject (what the editor's Subject field takes), the effect
 * that suits it, and the product picture the local renderers draw and animate for the example.
 */
export const videoInspirationCatalog: ReadonlyArray<{
  category: string;
  subcategory: string | null;
  prompt: string;
  effect: VideoEffect;
  picture: string;
}> = [
  {
    category: 'Fashion',
    subcategory: 'Footwear',
    prompt: 'sneaker',
    effect: 'squish_it',
    picture: 'White sneaker on a bright studio backdrop',
  },
  {
    category: 'Fashion',
    subcategory: 'Footwear',
    prompt: 'running shoe',
    effect: 'rotate_it',
    picture: 'Red running shoe on a white podium',
  },
  {
    category: 'Fashion',
    subcategory: 'Accessories',
    prompt: 'handbag',
    effect: 'vip_me',
    picture: 'Black leather handbag in a luxury studio',
  },
  { category: 'Fashion', subcategory: 'Accessories', prompt: 'watch', effect: 'museum_me', picture: 'Gold wrist watch on dark velvet' },
  {
    category: 'Beauty',
    subcategory: 'Fragrance',
    prompt: 'perfume bottle',
    effect: 'princess_me',
    picture: 'Pink perfume bottle on a pastel podium',
  },
  { category: 'Beauty', subcategory: 'Skincare', prompt: 'serum', effect: 'inflate_it', picture: 'Amber serum bottle on pale marble' },
  {
    category: 'Beauty',
    subcategory: 'Makeup',
    prompt: 'lipstick',
    effect: 'cakeify_it',
    picture: 'Red lipstick on a glossy white surface',
  },
  {
    category: 'Food & Drink',
    subcategory: 'Coffee',
    prompt: 'coffee mug',
    effect: 'crush_it',
    picture: 'Blue ceramic coffee mug on a wooden table',
  },
  {
    category: 'Food & Drink',
    subcategory: 'Beverages',
    prompt: 'soda can',
    effect: 'zap_me',
    picture: 'Green soda can with water droplets, neon studio',
  },
  {
    category: 'Food & Drink',
    subcategory: 'Snacks',
    prompt: 'cookie',
    effect: 'decay_it',
    picture: 'Chocolate chip cookie on a plate, warm light',
  },
  {
    category: 'Tech',
    subcategory: 'Audio',
    prompt: 'headphones',
    effect: 'muscle_me',
    picture: 'Matte black headphones on a grey studio sweep',
  },
  {
    category: 'Tech',
    subcategory: 'Phones',
    prompt: 'smartphone',
    effect: 'samurai_me',
    picture: 'Silver smartphone floating on a dark gradient',
  },
  {
    category: 'Tech',
    subcategory: 'Wearables',
    prompt: 'smartwatch',
    effect: 'gun_shoot',
    picture: 'Orange smartwatch on a clean white backdrop',
  },
  { category: 'Home', subcategory: 'Decor', prompt: 'candle', effect: 'bride_me', picture: 'White scented candle in a cozy room' },
  { category: 'Home', subcategory: 'Kitchen', prompt: 'teapot', effect: 'pirate_me', picture: 'Turquoise teapot on a kitchen counter' },
  { category: 'Lifestyle', subcategory: 'Outdoor', prompt: 'backpack', effect: 'jungle_me', picture: 'Olive backpack in a green forest' },
  {
    category: 'Lifestyle',
    subcategory: 'Fitness',
    prompt: 'water bottle',
    effect: 'warrior_me',
    picture: 'Steel water bottle on a gym floor',
  },
  {
    category: 'Lifestyle',
    subcategory: 'Pets',
    prompt: 'dog toy',
    effect: 'baby_me',
    picture: 'Yellow rubber dog toy on a pastel backdrop',
  },
];
