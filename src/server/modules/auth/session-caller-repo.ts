import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { callerMembershipColumns } from '../workspaces/caller-repo.ts';

/**
 * Who holds a session token, in one indexed read: the session (sessions_token_unique), its user
 * (primary key), the super admin role and every membership (caller-repo.ts). Prepared once under a
 * name, so PostgreSQL plans it once per connection rather than on every request.
 */
export function prepareSessionCallerQuery(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      ...callerMembershipColumns(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('klipt_session_caller');
}
