import { authMessages } from '#contracts/auth.ts';
import { signUpBudget } from '#contracts/limits.ts';
import type { Db } from '../../db/client.ts';
import { countHit } from '../../http/rate-limit.ts';

const busy = (retryAfterSeconds: number) => authMessages.signUpBusy(Math.ceil(retryAfterSeconds / 60));

export interface SignUpBudget {
  /** Counts one sign-up, whatever the address; throws RATE_LIMITED (429) once the window's budget is spent. */
  spendSignUp(): Promise<void>;
  /** Counts one verification email sent again (from the sign-up form or the verify page), on a budget of its own. */
  spendResend(): Promise<void>;
}

/**
 * The budget of all addresses together (docs/product-rules.md#limits): per-address limits stop one
 * client, this one bounds what many clients together can make Klipt hash and email to strangers. A
 * spent budget refuses everyone alike, so the answer tells nothing about an address.
 */
export function createSignUpBudget(db: Db, options: { perWindow: number; scale?: number; disabled?: boolean }): SignUpBudget {
  const rule = { max: options.perWindow * (options.scale ?? 1), windowSeconds: signUpBudget.windowSeconds };
  const spend = async (key: string) => {
    if (!options.disabled) await countHit(db, key, rule, busy);
  };
  return {
    spendSignUp: () => spend('sign-up:all'),
    spendResend: () => spend('resend:all'),
  };
}
