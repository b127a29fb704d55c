import { brandKitMessages } from '#contracts/brand-kits.ts';
import { AppError } from '../../lib/app-error.ts';

// An SVG logo is only ever rasterised on the server (logo-file.ts), never stored or served as SVG.
// Even so, librsvg must not be handed anything that reaches outside the file or runs: such an SVG
// is refused, and only what cannot act (comments, a DOCTYPE without declarations) is removed.

/** Whether bytes are an SVG document (optionally after a BOM, an XML declaration, comments or a DOCTYPE). */
export function looksLikeSvg(data: Buffer): boolean {
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<(?:[\w.-]+:)?svg[\s>/]/i.test(data.toString('utf8'));
}

/** Elements that run, load or embed something: never in a logo. */
const ACTIVE_ELEMENT =
  /<\s*(?:[\w.-]+:)?(?:script|foreignObject|image|iframe|embed|object|audio|video|feImage|animate\w*|set|handler|listener)\b/i;
/** An event handler attribute (onload, onclick…). */
const EVENT_ATTRIBUTE = /[\s"'/]on[a-z]+\s*=/i;

/**
 * The SVG's text, ready for rasterising: comments and a plain DOCTYPE removed. Refused with 400
 * `logoUnreadable` when it declares entities or a DOCTYPE subset, has a processing instruction
 * other than the XML declaration, an active element (script, foreignObject, image…), an event
 * attribute, a link (href, xlink:href) or a `url(…)` to anything but `#an-id` in the file, or a
 * CSS `@import`.
 */
export function safeSvgText(data: Buffer): string {
  let text = data.toString('utf8').replace(/^\uFEFF/, '');
  text = text.replace(/<!--[\s\S]*?-->/g, '');
  text = text.replace(/<!DOCTYPE[^[>]*>/gi, '');
  const refused =
    text.includes('<!--') ||
    /<!(?:DOCTYPE|ENTITY)/i.test(text) ||
    /<\?(?!xml\s)/i.test(text) ||
    ACTIVE_ELEMENT.test(text) ||
    EVENT_ATTRIBUTE.test(text) ||
    /@import|image-set\s*\(/i.test(text) ||
    !linksStayInside(text);
  if (refused) throw new AppError('BAD_REQUEST', brandKitMessages.logoUnreadable);
  return text;
}

/** Every href and url(…) names an element of the file itself (`#id`), quoted as XML requires. */
function linksStayInside(text: string): boolean {
  for (const link of text.matchAll(/href\s*=\s*(["']?)\s*(.?)/gi)) {
    if (link[1] === '' || link[2] !== '#') return false;
  }
  for (const url of text.matchAll(/url\s*\(\s*["']?\s*(.?)/gi)) {
    if (url[1] !== '#') return false;
  }
  return true;
}
