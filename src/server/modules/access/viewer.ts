import type { DbOrTx } from '../../db/client.ts';
import { isSuperAdmin } from '../roles/repo.ts';
import type { Viewer } from './rules.ts';

/** Loads what the access rules need to know about a user; one role lookup. */
export interface ViewerLoader {
  /** A user with an unconfirmed email has no rights beyond confirming it: they view as a visitor. */
  viewer(user: { id: string; emailVerified?: boolean } | null): Promise<Viewer | null>;
}

export function createViewerLoader(db: DbOrTx): ViewerLoader {
  return {
    async viewer(user) {
      if (!user || user.emailVerified === false) return null;
      return { id: user.id, isSuperAdmin: await isSuperAdmin(db, user.id) };
    },
  };
}
