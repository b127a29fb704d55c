import sharp from 'sharp';
import { exportPreset, type ExportFit, type ExportPreset, type ExportPresetId } from '#contracts/exports.ts';
import { imageWork, MAX_INPUT_PIXELS } from '../../lib/images.ts';
import { decodeForExport, EXPORT_JPEG, EXPORT_KERNEL } from './export-image.ts';
import { borderPixels, planExport, uniformEdgeColour, WHITE, type Size } from './fit-plan.ts';
import { sharpUpscaler, type Upscaler } from './upscaler.ts';

/** Renders an export of a stored image: here (`exportRendererOf`) or in the render pool (render-in-pool.ts). */
export type ExportRenderer = (image: Buffer, preset: ExportPresetId, fit: ExportFit) => Promise<Buffer>;

/** Exports rendered on the calling thread, with `upscaler` for the upscale preset. */
export function exportRendererOf(upscaler: Upscaler = sharpUpscaler): ExportRenderer {
  return (image, preset, fit) => renderExport(image, exportPreset(preset), fit, upscaler);
}

/** The size the picture is shown at (EXIF orientation applied); the header only, no decode slot. */
async function orientedSize(data: Buffer): Promise<Size> {
  const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  return { width: meta.autoOrient.width, height: meta.autoOrient.height };
}

/** The export of an image for a preset, as JPEG bytes; the input is only read. */
export async function renderExport(data: Buffer, preset: ExportPreset, fit: ExportFit, upscaler: Upscaler): Promise<Buffer> {
  const plan = planExport(await orientedSize(data), preset, fit);
  if (plan.kind === 'upscale') return upscaler.upscale(data, plan.size);
  if (plan.kind === 'fill') {
    const { width, height } = plan.frame;
    return imageWork.run(() =>
      decodeForExport(data)
        .resize(width, height, { fit: 'cover', position: 'centre', kernel: EXPORT_KERNEL })
        .flatten({ background: '#ffffff' })
        .jpeg(EXPORT_JPEG)
        .toBuffer(),
    );
  }
  return imageWork.run(async () => {
    // Resized first and kept raw: the edge colour is read from the pixels that will be shown.
    const { data: pixels, info } = await decodeForExport(data)
      .resize(plan.image.width, plan.image.height, { fit: 'fill', kernel: EXPORT_KERNEL })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const background = plan.background === 'white' ? WHITE : (uniformEdgeColour(borderPixels(pixels, info, info.channels)) ?? WHITE);
    return sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .extend({ ...plan.offset, background: { ...background, alpha: 1 } })
      .jpeg(EXPORT_JPEG)
      .toBuffer();
  });
}
