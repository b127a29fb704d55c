/**
 * `Content-Disposition: attachment` for a file name of any script (RFC 6266): `filename=` holds an
 * ASCII stand-in for old clients, and a name that is not plain ASCII also goes in `filename*` as
 * percent-encoded UTF-8 (RFC 8187), which every current browser prefers.
 */
export function attachment(fileName: string): string {
  const name = fileName.normalize('NFC');
  const fallback = asciiFallback(name);
  return fallback === name
    ? `attachment; filename="${name}"`
    : `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

/** Accents taken off letters; every other character outside [A-Za-z0-9._-] a hyphen. */
function toAscii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-');
}

/** The name in ASCII, its extension kept; 'download' when nothing of the stem is left. */
function asciiFallback(name: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  return `${toAscii(stem).replace(/^-+|-+$/g, '') || 'download'}${toAscii(extension)}`;
}

/** RFC 8187's value-chars: percent-encoded UTF-8 bytes, with the few characters encodeURIComponent leaves but attr-char does not allow encoded too. */
function encodeRfc8187(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The headers of a private file the browser saves (downloads, exports, ZIPs): its type, its name, never cached. */
export function downloadHeaders(contentType: string, fileName: string): Record<string, string> {
  return { 'Content-Type': contentType, 'Content-Disposition': attachment(fileName), 'Cache-Control': 'private, no-store' };
}
