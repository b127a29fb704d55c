import { authMessages } from '#contracts/auth.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { findWaitlistEntryByEmail } from '../waitlist/repo.ts';
import { isPlusAddressAllowed } from './email-rules.ts';

export interface RegistrationRefusal {
  code: 'PLUS_EMAIL_NOT_ALLOWED' | 'SIGN_UP_CLOSED';
  message: string;
}

/**
 * Why this address may not register: the '+' rule and, in waitlist mode, an entry an admin has not
 * approved (docs/product-rules.md#accounts). It depends on the address alone, never on whether it
 * already has an account, so the sign-up route can ask before anything else.
 */
export async function registrationRefusal(
  deps: { db: Db; config: Pick<Config, 'plusEmailAllowlist' | 'registrationMode'> },
  email: string,
): Promise<RegistrationRefusal | undefined> {
  const normalized = email.trim().toLowerCase();
  if (!isPlusAddressAllowed(normalized, deps.config.plusEmailAllowlist)) {
    return { code: 'PLUS_EMAIL_NOT_ALLOWED', message: authMessages.plusEmail };
  }
  if (deps.config.registrationMode === 'waitlist') {
    const entry = await findWaitlistEntryByEmail(deps.db, normalized);
    if (entry?.status !== 'approved') return { code: 'SIGN_UP_CLOSED', message: authMessages.signUpClosed };
  }
  return undefined;
}
