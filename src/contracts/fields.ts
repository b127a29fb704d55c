import { z } from 'zod';

/** Optional free text: trimmed; empty, missing or null become null. */
export function optionalText(max: number) {
  return z
    .string()
    .max(max * 2)
    .nullish()
    .transform((v) => {
      const t = v?.trim() ?? '';
      return t === '' ? null : t;
    })
    .pipe(z.string().max(max, `Must be at most ${max} characters`).nullable());
}

/** Required text: trimmed, must not be empty afterwards. */
export function requiredText(max: number, requiredMessage: string) {
  return z.string(requiredMessage).trim().min(1, requiredMessage).max(max, `Must be at most ${max} characters`);
}

/** Optional http(s) URL: trimmed; empty becomes null; anything else must be a valid web address. */
export function optionalUrl(label: string) {
  return z
    .string()
    .max(4000)
    .nullish()
    .transform((v) => {
      const t = v?.trim() ?? '';
      return t === '' ? null : t;
    })
    .pipe(
      z
        .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: `${label} must be a valid http(s) URL` })
        .max(500, `${label} must be at most 500 characters`)
        .nullable(),
    );
}

export const emailAddress = z
  .string('Email is required')
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));
