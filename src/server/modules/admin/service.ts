import { adminMessages, type CreateSuperAdminInput } from '#contracts/admin.ts';
import type { Db } from '../../db/client.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { EnsuredUser } from '../auth/users.ts';
import { bootstrapSuperAdmin, makeSuperAdmin, type SuperAdminResult } from './bootstrap.ts';

export interface AdminService {
  /** A super admin creates another one, or promotes an existing account (its password unchanged). */
  createSuperAdmin(actorId: string, input: { email: string; password: string }): Promise<SuperAdminResult>;
  /** ADMIN_EMAIL + ADMIN_PASSWORD at start: a first super admin, only while none exists. */
  bootstrap(email: string | undefined, password: string | undefined): Promise<void>;
}

export function createAdminService(deps: { db: Db; logger: Logger; setUpAccount: (user: EnsuredUser) => Promise<void> }): AdminService {
  return {
    async createSuperAdmin(actorId, input: Pick<CreateSuperAdminInput, 'email' | 'password'>) {
      try {
        const result = await makeSuperAdmin(deps.db, input.email, input.password, deps.setUpAccount);
        deps.logger.info({ admin: actorId, target: result.userId, created: result.created }, 'super admin granted');
        return result;
      } catch (err) {
        if (isAppError(err)) throw err;
        deps.logger.error({ err }, 'super admin creation failed');
        throw new AppError('INTERNAL', adminMessages.userCreationFailed);
      }
    },
    bootstrap: (email, password) => bootstrapSuperAdmin(deps.db, { email, password, logger: deps.logger, setUp: deps.setUpAccount }),
  };
}
