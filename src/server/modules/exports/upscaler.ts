import { imageWork } from '../../lib/images.ts';
import { decodeForExport, EXPORT_JPEG, EXPORT_KERNEL } from './export-image.ts';
import type { Size } from './fit-plan.ts';

/**
 * Makes the `upscale-2x` export: the image at `size` (already capped, planExport), as the export's
 * JPEG. This is where a real upscaling model (super-resolution: a provider behind providers/ai, or a
 * local model) plugs in: an implementation that sends the image to the model and encodes its answer
 * with EXPORT_JPEG, handed to createExportService as `upscaler`. Until then the local one resamples
 * with lanczos3, which enlarges without inventing detail.
 */
export interface Upscaler {
  upscale(image: Buffer, size: Size): Promise<Buffer>;
}

export const sharpUpscaler: Upscaler = {
  upscale: (image, size) =>
    imageWork.run(() =>
      decodeForExport(image)
        .resize(size.width, size.height, { fit: 'fill', kernel: EXPORT_KERNEL })
        .flatten({ background: '#ffffff' })
        .jpeg(EXPORT_JPEG)
        .toBuffer(),
    ),
};
