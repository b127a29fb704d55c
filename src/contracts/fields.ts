import { z } from 'zod';
import { fieldMessages, SEARCH_MAX, URL_MAX } from './field-rules.ts';

export { fieldMessages, SEARCH_MAX, URL_MAX } from './field-rules.ts';

/**
 * Control characters (Unicode's Cc: C0, DEL and C1); tab, line feed and carriage return only where
 * text has several lines. C1 counts: U+0085 shows as nothing and U+009B starts a terminal escape.
 */
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const singleLineControls = /[\u0000-\u001F\u007F-\u009F]/u;
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const multiLineControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/** What a name refuses; cleanName removes C1 and the direction characters (docs/product-rules.md#texts-users-see). */
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const nameControls = /[\u0000-\u001F\u007F]/u;
/** With the `u` flag a surrogate in a class only matches one without its pair ("\ud800"), never an emoji. */
const loneSurrogate = /[\uD800-\uDFFF]/u;

/**
 * What a name must not carry, removed on save: control characters (C0, DEL, C1) and the
 * characters that reorder text around them (bidi embeddings, overrides, isolates and marks).
 */
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const nameStripped = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** A name as it is stored: control and direction characters removed, trimmed (docs/product-rules.md#texts-users-see). */
export function cleanName(name: string): string {
  return name.replace(nameStripped, '').trim();
}

/** Whether text can be stored and shown as typed: no lone surrogate, no control character (bar tab/CR/LF in multi-line text). */
export function isStorableText(value: string, multiline = false): boolean {
  return !(multiline ? multiLineControls : singleLineControls).test(value) && !loneSurrogate.test(value);
}

/** Whether a name can be stored once cleaned: cleanName removes C1 controls, the other controls are refused. */
function isStorableName(value: string): boolean {
  return !nameControls.test(value) && !loneSurrogate.test(value);
}

export interface TextRules {
  /** What a missing or empty value reads. Without it, an empty string is allowed (filters, searches). */
  required?: string;
  /** A lower bound other than "not empty", with its message (passwords). */
  min?: readonly [number, string];
  /** The longest value (after trimming) and the message that names it. */
  max: readonly [number, string];
  /** Tab and line breaks are allowed (text areas). */
  multiline?: boolean;
  /** Surrounding whitespace is kept (passwords, tokens). */
  keepWhitespace?: boolean;
  /** A name users give themselves: control and direction-override characters are removed on save. */
  name?: boolean;
  /** Shown to others as a label (tags): control characters are refused and direction characters removed, as in names. */
  label?: boolean;
}

/**
 * Every string a contract accepts is one of these (src/contracts/fields.test.ts checks it): it refuses
 * what PostgreSQL cannot store (NUL, lone surrogates) and other control characters with one clear
 * message, and each limit has its own message, so "too long" never reads as "missing".
 */
export function text(rules: TextRules): z.ZodString {
  let schema = rules.required ? z.string(rules.required) : z.string();
  if (!rules.keepWhitespace) schema = schema.trim();
  schema = schema.refine((v) => (rules.name ? isStorableName(v) : isStorableText(v, rules.multiline)), fieldMessages.invalidCharacters);
  if (rules.name || rules.label) schema = schema.overwrite(cleanName);
  if (rules.min) schema = schema.min(rules.min[0], rules.min[1]);
  else if (rules.required) schema = schema.min(1, rules.required);
  return schema.max(rules.max[0], rules.max[1]);
}

/**
 * A list of texts made with text() (tags): 1 (0 with `mayBeEmpty`) to `max[0]` items. A lone text stands for a list of
 * one, so what is wrong with it reads as the text's own message (a NUL is a control character, not
 * a missing list); anything else that is not a list reads `required`.
 */
export function textList(
  item: z.ZodType<string, string>,
  rules: { required: string; max: readonly [number, string]; mayBeEmpty?: boolean },
) {
  // A union answers with the issues of the one option whose type matched, unless they abort it; a
  // transform or a size check inside an option would, so both come after the union.
  return z
    .union([z.array(item), item], { error: rules.required })
    .transform((value) => (typeof value === 'string' ? [value] : value))
    .pipe(
      z
        .array(z.string())
        .min(rules.mayBeEmpty ? 0 : 1, rules.required)
        .max(rules.max[0], rules.max[1]),
    );
}

/** Optional free text: trimmed; empty, missing or null become null. */
export function optionalText(rules: Omit<TextRules, 'required' | 'min'>) {
  return text(rules)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** Optional http(s) URL: trimmed; empty becomes null; anything else must be a valid web address. */
export function optionalUrl(label: string) {
  return optionalText({ max: [URL_MAX, fieldMessages.urlTooLong(label)] }).pipe(
    z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: fieldMessages.urlInvalid(label) }).nullable(),
  );
}

/** An optional search or filter of a list (query string): may be empty. */
export function searchText(max: readonly [number, string] = [SEARCH_MAX, fieldMessages.searchTooLong]) {
  return text({ max }).optional();
}

export const emailAddress = text({ required: fieldMessages.emailRequired, max: [254, fieldMessages.emailTooLong] })
  .toLowerCase()
  .pipe(z.email(fieldMessages.emailInvalid));
