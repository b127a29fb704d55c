/**
 * The spec's '+' rule: addresses with '+' are refused unless they start with an allowlisted prefix
 * (PLUS_EMAIL_ALLOWLIST, e.g. "qa+" lets qa+anything@… register).
 */
export function isPlusAddressAllowed(email: string, allowlist: readonly string[]): boolean {
  const normalized = email.trim().toLowerCase();
  if (!normalized.includes('+')) return true;
  return allowlist.some((prefix) => prefix !== '' && normalized.startsWith(prefix));
}
