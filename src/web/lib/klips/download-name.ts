import { slugName } from '#contracts/file-names.ts';
import type { KlipCard } from '#contracts/klips.ts';
import { downloadKlip } from '#contracts/routes.ts';

/** What a download is called when the prompt has no word long enough. */
export const FALLBACK_DOWNLOAD_NAME = 'klip';
/** The server accepts names up to this length (contract downloadKlip). */
const NAME_MAX_LENGTH = 60;

/**
 * The base of a klip's file name: the first three words of the prompt longer than 3 characters,
 * lower-cased and joined by hyphens (docs/product-rules.md#generation), e.g. 'a glass perfume bottle
 * on wet stone' → 'glass-perfume-bottle'. Words keep their letters and digits in every script
 * ('Crème brûlée' → 'crème-brûlée'), as the server's name parameter allows.
 */
export function downloadBaseName(prompt: string): string {
  const words = prompt
    .split(/\s+/)
    .map((word) => slugName(word, '').replaceAll('-', ''))
    .filter((word) => Array.from(word).length > 3)
    .slice(0, 3);
  let name = '';
  for (const word of words) {
    const next = name === '' ? word : `${name}-${word}`;
    if (next.length > NAME_MAX_LENGTH) break;
    name = next;
  }
  return name === '' ? FALLBACK_DOWNLOAD_NAME : name;
}

/** The file name the browser saves: `.mp4` for a video, else `.jpg`. */
export function downloadFileName(klip: Pick<KlipCard, 'prompt' | 'klipType'>): string {
  return `${downloadBaseName(klip.prompt)}.${klip.klipType === 'video' ? 'mp4' : 'jpg'}`;
}

/** The server's download of the klip: images converted to JPEG, videos as they are, named by the prompt. */
export function downloadUrl(klip: Pick<KlipCard, 'id' | 'prompt' | 'klipType'>): string {
  const query = new URLSearchParams({ name: downloadBaseName(klip.prompt), format: klip.klipType === 'video' ? 'original' : 'jpg' });
  return `${downloadKlip.path.replace(':id', encodeURIComponent(klip.id))}?${query.toString()}`;
}
