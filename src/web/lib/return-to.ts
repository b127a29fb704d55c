/**
 * Where to go after signing in or up (`?next=` on /auth/login): only a path of this site, never
 * another origin (`//evil.test`, `/\evil.test`, `https://…`, `javascript:`), so the link cannot
 * send anyone away from Klipt.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const base = 'https://klipt.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** /auth/login with a way back, e.g. to an invitation; `signUpEmail` opens the Create account tab with the address filled in. */
export function loginPath(loginRoute: string, next: string, signUpEmail?: string): string {
  const search = new URLSearchParams({ next });
  if (signUpEmail !== undefined) {
    search.set('invite', '1');
    search.set('email', signUpEmail);
  }
  return `${loginRoute}?${search.toString()}`;
}

const KEY = 'klipt.returnTo';

/**
 * Sign-up leaves through an emailed link (ADR 0019) that may open in another tab, so the way back
 * waits in this browser's storage until onboarding is done.
 */
export function rememberReturnPath(path: string | null): void {
  try {
    if (path) localStorage.setItem(KEY, path);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the user lands on the dashboard instead.
  }
}

/** The remembered way back (once: it is forgotten as it is read), checked again. */
export function takeReturnPath(): string | null {
  try {
    const path = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return safeReturnPath(path);
  } catch {
    return null;
  }
}
