import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema/index.ts';
import { grantSuperAdmin } from '#server/modules/roles/repo.ts';
import { verifiedUser } from './session.ts';
import { SAME_ORIGIN, type TestContext } from './test-app.ts';

export interface Person {
  id: string;
  cookie: string;
}

/** A confirmed, signed-in user (no email round trip) with their id. */
export async function person(ctx: TestContext, email: string, options: { superAdmin?: boolean } = {}): Promise<Person> {
  const cookie = await verifiedUser(ctx, email);
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (options.superAdmin) await grantSuperAdmin(ctx.database.db, row!.id);
  return { id: row!.id, cookie };
}

/** A JSON API call as `who` (null: a visitor), with the browser's Origin on state changes. */
export function callAs(ctx: TestContext, who: Person | null) {
  return (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.server.inject({
      method,
      url,
      headers: { ...SAME_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
}
