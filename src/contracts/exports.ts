import { z } from 'zod';
import { defineContract } from './contract.ts';
import { downloadNameField, klipMessages } from './klips.ts';

/** What users read about marketplace exports (the API's answers and the export dialog). */
export const exportMessages = {
  presetUnknown: 'Choose one of the export presets',
  fitInvalid: 'Choose Pad or Fill as the fit',
  notImage: 'Only image klips can be exported',
  tooManyRenders:
    'You have made many new exports in a short time. Please try again in a few minutes; exports you already made still download.',
} as const;

/** How an image goes into a preset's frame: `pad` shows all of it on a background, `fill` covers the frame and crops the centre. */
export const exportFits = ['pad', 'fill'] as const;
export type ExportFit = (typeof exportFits)[number];

/** The long side of an upscaled export never exceeds this many pixels (the scale is lowered to fit). */
export const UPSCALE_MAX_SIDE = 8192;

export const exportPresetIds = [
  'amazon-main',
  'shopify-product',
  'etsy-listing',
  'instagram-post',
  'story',
  'facebook-ad',
  'upscale-2x',
] as const;
export type ExportPresetId = (typeof exportPresetIds)[number];

/** A fixed frame; `alwaysWhite` pads with white whatever the image's edge (Amazon's main-image rule). */
export interface FramePreset {
  id: ExportPresetId;
  label: string;
  kind: 'frame';
  width: number;
  height: number;
  alwaysWhite: boolean;
}

/** The image at `scale` times its size, long side capped at UPSCALE_MAX_SIDE, never padded or cropped. */
export interface UpscalePreset {
  id: ExportPresetId;
  label: string;
  kind: 'upscale';
  scale: number;
}

export type ExportPreset = FramePreset | UpscalePreset;

const frame = (id: ExportPresetId, label: string, width: number, height: number, alwaysWhite = false): FramePreset => ({
  id,
  label,
  kind: 'frame',
  width,
  height,
  alwaysWhite,
});

/** Every preset, in the order the export dialog lists them. */
export const exportPresets: readonly ExportPreset[] = [
  frame('amazon-main', 'Amazon main image', 2000, 2000, true),
  frame('shopify-product', 'Shopify product', 2048, 2048),
  frame('etsy-listing', 'Etsy listing', 2700, 2025),
  frame('instagram-post', 'Instagram post', 1080, 1350),
  frame('story', 'Instagram/TikTok story', 1080, 1920),
  frame('facebook-ad', 'Facebook/Meta ad', 1200, 628),
  { id: 'upscale-2x', label: 'Upscale 2×', kind: 'upscale', scale: 2 },
];

export function exportPreset(id: ExportPresetId): ExportPreset {
  return exportPresets.find((preset) => preset.id === id)!;
}

export const exportKlip = defineContract({
  method: 'GET',
  path: '/api/klips/:id/exports/:preset',
  summary:
    'A JPEG of an image klip sized for a marketplace preset (fit=pad shows the whole image on its edge colour or white, fill crops the centre); free, cached, the original unchanged (owner or super admin)',
  tags: ['klips'],
  params: z.object({
    id: z.uuid(klipMessages.notFound),
    preset: z.enum(exportPresetIds, exportMessages.presetUnknown),
  }),
  query: z.object({
    fit: z.enum(exportFits, exportMessages.fitInvalid).default('pad'),
    name: downloadNameField,
  }),
  status: 200,
  response: z.unknown(),
  produces: 'application/octet-stream',
  errors: [400, 401, 403, 404],
  auth: 'verified',
  apiKey: 'exports',
});

/** The file name a browser saves an export under: `<name>-<preset>.jpg`. */
export function exportFileName(name: string | undefined, preset: ExportPresetId): string {
  return `${name ?? 'klip'}-${preset}.jpg`;
}

/** The address of an export (links in the web app). */
export function exportKlipPath(id: string, preset: ExportPresetId, fit: ExportFit, name?: string): string {
  const query = new URLSearchParams({ fit });
  if (name !== undefined) query.set('name', name);
  const path = exportKlip.path.replace(':id', encodeURIComponent(id)).replace(':preset', encodeURIComponent(preset));
  return `${path}?${query.toString()}`;
}
