import type { ExportPresetId } from '#contracts/exports.ts';
import { downloadBatch } from '#contracts/routes.ts';

/** GET /api/batches/:id/download, as a link: the original files, or every image exported to `preset`. */
export function batchDownloadHref(id: string, preset: ExportPresetId | null): string {
  const path = downloadBatch.path.replace(':id', encodeURIComponent(id));
  return preset ? `${path}?${new URLSearchParams({ preset }).toString()}` : path;
}
