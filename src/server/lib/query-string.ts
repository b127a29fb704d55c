/**
 * The query-string parser of the HTTP server (docs/operations.md#text-input). It reads what
 * Fastify's default parser reads (`a=1&a=2&b` → `{ a: ['1', '2'], b: '' }`, `+` is a space), with
 * one difference: a value whose percent-escapes are not UTF-8 (`%ED%A0%80`, `%FF`, `%C0%80`) is not
 * passed on as its raw text. Each byte that cannot be decoded becomes a lone surrogate (U+DC80 to
 * U+DCFF, Python's "surrogateescape"), which every contract string refuses with a 400, and which
 * enums and ids refuse anyway. A parser must not throw (Fastify calls it while routing), so the
 * refusal is left to validation.
 */
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** The bytes a URL component stands for: each `%XX` is one byte, everything else its UTF-8. */
function componentBytes(component: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < component.length; i++) {
    const hex = component.charAt(i) === '%' ? component.slice(i + 1, i + 3) : '';
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      const codePoint = component.codePointAt(i) ?? 0;
      bytes.push(...encoder.encode(String.fromCodePoint(codePoint)));
      if (codePoint > 0xffff) i += 1;
    }
  }
  return Uint8Array.from(bytes);
}

/** The length of the well-formed UTF-8 sequence at `i`, or 0 (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF). */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i]!;
  const next = (k: number, low = 0x80, high = 0xbf) => {
    const b = bytes[i + k];
    return b !== undefined && b >= low && b <= high;
  };
  if (b0 < 0x80) return 1;
  if (b0 >= 0xc2 && b0 <= 0xdf) return next(1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const [low, high] = b0 === 0xe0 ? [0xa0, 0xbf] : b0 === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return next(1, low, high) && next(2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const [low, high] = b0 === 0xf0 ? [0x90, 0xbf] : b0 === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return next(1, low, high) && next(2) && next(3) ? 4 : 0;
  }
  return 0;
}

/** UTF-8 with every byte that is not part of a well-formed sequence kept as U+DC00 + byte. */
function decodeEscapingInvalid(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const length = sequenceLength(bytes, i);
    if (length === 0) {
      out += String.fromCharCode(0xdc00 + bytes[i]!);
      i += 1;
    } else {
      out += strict.decode(bytes.subarray(i, i + length));
      i += length;
    }
  }
  return out;
}

export function decodeQueryComponent(raw: string): string {
  const component = raw.includes('+') ? raw.replaceAll('+', ' ') : raw;
  if (!component.includes('%')) return component;
  const bytes = componentBytes(component);
  try {
    return strict.decode(bytes);
  } catch {
    return decodeEscapingInvalid(bytes);
  }
}

export type ParsedQuery = Record<string, string | string[]>;

export function parseQueryString(input: string): ParsedQuery {
  const result = Object.create(null) as ParsedQuery;
  for (const pair of input.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = decodeQueryComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decodeQueryComponent(pair.slice(equals + 1));
    const current = result[key];
    if (current === undefined) result[key] = value;
    else if (Array.isArray(current)) current.push(value);
    else result[key] = [current, value];
  }
  return result;
}
