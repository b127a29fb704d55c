/**
 * The render pool's worker for marketplace exports (render-in-pool.ts hands it work): decodes, resizes and encodes one
 * export, the pad fit's edge colour read here too, off the server's event loop.
 */
import { exportPreset, type ExportFit, type ExportPresetId } from '#contracts/exports.ts';
import { renderExport } from './render.ts';
import { sharpUpscaler } from './upscaler.ts';

export interface ExportTask {
  image: Uint8Array;
  preset: ExportPresetId;
  fit: ExportFit;
}

export default function renderExportTask({ image, preset, fit }: ExportTask): Promise<Buffer> {
  return renderExport(Buffer.from(image.buffer, image.byteOffset, image.byteLength), exportPreset(preset), fit, sharpUpscaler);
}
