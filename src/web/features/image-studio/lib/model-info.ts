import type { StandardModelMode } from '../../../../contracts/model-kinds.ts';
import type { StandardModel } from '../../../../contracts/models.ts';

export interface ModelInfo {
  tagline: string;
  points: ReadonlyArray<{ title: string; text: string }>;
  bestFor: string;
}

const ultra: ModelInfo = {
  tagline: 'Our flagship text-to-image model for crisp, true-to-life product visuals.',
  points: [
    { title: '4-megapixel output', text: 'Big, sharp images with room to crop for banners, product pages and print.' },
    { title: 'Raw mode', text: 'Natural, candid photography with real-world lighting instead of a glossy, over-processed look.' },
    { title: 'Ultra mode', text: 'Extra fine detail in textures, labels and materials when every stitch matters.' },
    { title: 'Prompt accuracy', text: 'Follows your description closely: colours, props, composition and mood.' },
    { title: 'Speed', text: 'High-resolution results in seconds, so you can try more ideas in less time.' },
  ],
  bestFor: 'Lifestyle scenes, hero images and social ads from a written description.',
};

const productEditor: ModelInfo = {
  tagline: 'Put your real product into a brand-new scene, with lighting and shadows that match.',
  points: [
    {
      title: 'Your product photo and a background',
      text: 'Upload the product shot; add a background reference if you have one, or let Klipt use a clean studio backdrop.',
    },
    {
      title: 'Describe the scene',
      text: 'Say where the product should be and how it should feel — “on a marble counter beside fresh lemons”.',
    },
    {
      title: 'Optional negative description',
      text: 'Klipt steers away from what spoils a product shot: cartoonish looks, blur and low quality.',
    },
    { title: 'Tuned settings', text: 'Prompt adherence, edge blur and shadow intensity are set for natural-looking composites.' },
    { title: 'Two-pass process', text: 'A first pass places and relights the product; a second pass refines the edges and the shadow.' },
  ],
  bestFor: 'Product-page images and ads that must show your actual product, not a look-alike.',
};

const tryOn: ModelInfo = {
  tagline: 'Show your clothing on a model without booking a photo shoot.',
  points: [
    { title: 'Upload the outfit', text: 'A clear photo of the garment on a plain background works best.' },
    { title: 'Describe the look', text: 'Tell Klipt about the model, the pose and the setting you want.' },
    { title: 'Styled scenes', text: 'The outfit is fitted onto an AI model in a photographed-looking scene, ready for social posts.' },
    { title: 'Portrait format', text: 'Try-on images come out in a tall 2:3 frame, made for fashion feeds and product pages.' },
  ],
  bestFor: 'Apparel brands that need on-model shots for new collections, fast.',
};

const infoByMode: Record<StandardModelMode, ModelInfo> = { text: ultra, product: productEditor, tryon: tryOn };

/** The Model info modal's copy, by what the model does (its mode). */
export function modelInfoFor(model: StandardModel): ModelInfo {
  return infoByMode[model.mode];
}
