import { downloadKlip } from '#contracts/routes.ts';

export const DOWNLOAD_NAME = 'generated-image';

/**
 * The file name for a link straight to the image (a saved klip opened without its id): the
 * original format, as only the server's download converts to jpg.
 */
export function originalDownloadName(imageUrl: string): string {
  const ext = /\.([a-z0-9]{2,5})(?:[?#]|$)/i.exec(imageUrl)?.[1]?.toLowerCase();
  return ext ? `${DOWNLOAD_NAME}.${ext}` : DOWNLOAD_NAME;
}

/** The server converts to JPEG and names the attachment generated-image.jpg (docs/product-rules.md#generation). */
export function klipDownloadUrl(klipId: string): string {
  return `${downloadKlip.path.replace(':id', encodeURIComponent(klipId))}?format=jpg&name=${DOWNLOAD_NAME}`;
}

/** Where a Download link points and the name it saves under: the server's jpg when the klip is known, else the original. */
export function downloadLink(imageUrl: string, klipId: string | null): { href: string; download: string } {
  return klipId
    ? { href: klipDownloadUrl(klipId), download: `${DOWNLOAD_NAME}.jpg` }
    : { href: imageUrl, download: originalDownloadName(imageUrl) };
}
