import { knownIssueMessages, type KnownIssue } from '#contracts/known-issues.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  deleteKnownIssueRow,
  findKnownIssueRow,
  insertKnownIssue,
  listKnownIssueRows,
  updateKnownIssueText,
  type KnownIssueRow,
} from './repo.ts';

/** The Known Issues panel: one list shared by every super admin (the routes admit only them). */
export interface KnownIssueService {
  list(): Promise<KnownIssue[]>;
  add(admin: { id: string; email: string }, text: string): Promise<KnownIssue>;
  edit(id: string, text: string): Promise<KnownIssue>;
  /** Removing an issue that is already gone is not an error. */
  remove(id: string): Promise<void>;
}

function toKnownIssue(row: KnownIssueRow): KnownIssue {
  return {
    id: row.id,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdByEmail: row.createdByEmail,
  };
}

export function createKnownIssueService(deps: { db: Db }): KnownIssueService {
  const { db } = deps;
  return {
    async list() {
      return (await listKnownIssueRows(db)).map(toKnownIssue);
    },
    async add(admin, text) {
      return toKnownIssue({ ...(await insertKnownIssue(db, text, admin.id)), createdByEmail: admin.email });
    },
    async edit(id, text) {
      // Another admin may delete it between the update and the read: both answer "no longer exists".
      const row = (await updateKnownIssueText(db, id, text)) ? await findKnownIssueRow(db, id) : undefined;
      if (!row) throw new AppError('NOT_FOUND', knownIssueMessages.notFound);
      return toKnownIssue(row);
    },
    remove: (id) => deleteKnownIssueRow(db, id),
  };
}
