import { readFileSync } from 'node:fs';
import { authMessages } from '#contracts/auth.ts';
import { AppError } from '../../lib/app-error.ts';

let common: ReadonlySet<string> | undefined;

/** The shipped list (common-passwords.txt), read once on first use; it never reaches the browser. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

/**
 * What a new password must not be, beyond its length (docs/product-rules.md#accounts): one of the
 * most common passwords, or the account's own email address (both compared case-insensitively).
 * Returns the message to show, or undefined when the password is acceptable.
 */
export function passwordProblem(password: string, email: string | undefined): string | undefined {
  const candidate = password.trim().toLowerCase();
  if (email !== undefined && candidate === email.trim().toLowerCase()) return authMessages.passwordIsEmail;
  if (commonPasswords().has(candidate)) return authMessages.passwordTooCommon;
  return undefined;
}

/** Throws the 400 a sign-up or reset answers when the new password breaks a rule. */
export function assertAcceptablePassword(password: string, email: string | undefined): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new AppError('VALIDATION_FAILED', problem);
}
