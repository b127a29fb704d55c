import { slugName } from '#contracts/file-names.ts';

/** The ZIP's own name: the batch's, and the preset when the images were exported to one. */
export function zipFileName(batchName: string, preset?: string): string {
  return `${slugName(batchName, 'batch')}${preset ? `-${preset}` : ''}.zip`;
}

/**
 * Each item's entry name without extension: its place in the batch and its product photo's name
 * ("03-red-sneaker"), so the ZIP sorts as the batch did and every image says which product it shows.
 * The place makes names unique even when two photos had the same name.
 */
export function zipEntryNames(items: ReadonlyArray<{ position: number; fileName: string }>): string[] {
  const width = Math.max(2, String(items.reduce((max, item) => Math.max(max, item.position + 1), 0)).length);
  return items.map((item) => {
    const stem = item.fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
    return `${String(item.position + 1).padStart(width, '0')}-${slugName(stem, 'product')}`;
  });
}
