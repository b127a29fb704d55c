import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp, userIdOf, verifiedUser } from '#test-support/session.ts';
import { givePlan, signedInUser } from '#test-support/workspaces.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import type { AccessLevel, Contract } from '#contracts/contract.ts';
import { signOut } from '#contracts/auth.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import { workspaceRoles, type WorkspaceRole } from '#contracts/workspace-kinds.ts';
import { createKey } from '#test-support/api-keys.ts';
import type { ApiKeyScope } from '#contracts/api-keys.ts';
import { queryRows } from '../db/client.ts';
import { apiKeys, generationJobs, workspaceMembers, workspaces } from '../db/schema/index.ts';
import { makeSuperAdmin } from '../modules/admin/bootstrap.ts';
import { personalWorkspaceId } from '../modules/workspaces/personal-repo.ts';

// postgres-pass: same

/**
 * Every route in the OpenAPI document, called by every kind of caller with an empty and a garbage
 * request: the answer must follow the contract's `auth` before anything else is looked at. A new
 * route is covered the day it is added.
 */
// `outsider` and `member` only walk the workspace routes (the matrix signs `user` and `admin` out at its end).
type Persona = 'visitor' | 'unverified' | 'user' | 'admin' | 'outsider' | 'member';
const rank: Record<Persona, number> = { visitor: 0, unverified: 1, user: 2, admin: 3, outsider: 2, member: 2 };
const needed: Record<AccessLevel, number> = { public: 0, user: 1, verified: 2, admin: 3 };

let ctx: TestContext;
const cookies: Record<Persona, string> = { visitor: '', unverified: '', user: '', admin: '', outsider: '', member: '' };

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false, workers: false });
  cookies.unverified = (await signUp(ctx, 'unverified@example.com')).cookie;
  cookies.user = await verifiedUser(ctx, 'user@example.com');
  // On the plan with every feature, so a contract's `entitlement` lets the user through as well.
  const userId = await userIdOf(ctx, 'user@example.com');
  await givePlan(ctx.database.db, await personalWorkspaceId(ctx.database.db, userId), userId, 'scale');
  await makeSuperAdmin(ctx.database.db, 'admin@example.com', 'admin password', (u) => ctx.services.account.setUp(u));
  cookies.admin = (await signIn(ctx, 'admin@example.com', 'admin password')).cookie;
  cookies.outsider = await verifiedUser(ctx, 'outsider@example.com');
  cookies.member = await verifiedUser(ctx, 'member@example.com');
});
afterAll(async () => {
  await ctx.close();
});

interface Operation {
  method: string;
  path: string;
  contract: Contract;
}

async function documentedOperations(): Promise<Operation[]> {
  const document = (await ctx.app.server.inject('/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
  const operations: Operation[] = [];
  for (const [openApiPath, methods] of Object.entries(document.paths)) {
    const path = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
    for (const method of Object.keys(methods)) {
      const contract = ctx.app.contracts.find((c) => c.path === path && c.method === method.toUpperCase());
      if (!contract) throw new Error(`${method.toUpperCase()} ${openApiPath} is in the API document but has no contract`);
      operations.push({ method: method.toUpperCase(), path, contract });
    }
  }
  // Signing out ends the caller's session: it runs last.
  return operations.sort((a, b) => Number(a.contract === signOut) - Number(b.contract === signOut));
}

/** A public webhook whose sender proves itself by a signature over the raw body: a missing one is its 401 (Shopify's). */
const signedByCaller = (contract: Contract) =>
  contract.auth === 'public' && contract.rawBody !== undefined && (contract.errors ?? []).includes(401);

const garbage = {
  empty: { url: (path: string) => path.replace(/:[^/]+/g, 'x'), payload: undefined },
  garbage: { url: (path: string) => `${path.replace(/:[^/]+/g, '%F0%9F%97%91')}?kind=%00&format=nope`, payload: '{"prompt": [1, {"' },
} as const;

function call(op: Operation, persona: Persona, kind: keyof typeof garbage) {
  const shape = garbage[kind];
  const sendsBody = op.method !== 'GET' && op.method !== 'DELETE' && shape.payload !== undefined;
  return ctx.app.server.inject({
    method: op.method as 'GET',
    url: shape.url(op.path),
    headers: {
      ...SAME_ORIGIN,
      ...(cookies[persona] ? { cookie: cookies[persona] } : {}),
      ...(sendsBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(sendsBody ? { payload: shape.payload } : {}),
  });
}

describe('route access follows each contract', () => {
  it('documents every registered contract, and nothing without one', async () => {
    const operations = await documentedOperations();
    expect(operations.length).toBe(ctx.app.contracts.length);
    expect(operations.length).toBeGreaterThanOrEqual(30);
  });

  it('answers 401 to visitors and 403 below the level, before reading the request; lets everyone else through', async () => {
    const failures: string[] = [];
    for (const persona of ['visitor', 'unverified', 'user', 'admin'] as const) {
      for (const op of await documentedOperations()) {
        for (const kind of ['empty', 'garbage'] as const) {
          const res = await call(op, persona, kind);
          const what = `${persona} ${kind} ${op.method} ${op.path} (${op.contract.auth}) → ${res.statusCode} ${res.body.slice(0, 120)}`;
          const allowed = rank[persona] >= needed[op.contract.auth];
          if (!allowed) {
            const expected = persona === 'visitor' ? { status: 401, code: 'UNAUTHENTICATED' } : { status: 403, code: 'FORBIDDEN' };
            if (res.statusCode !== expected.status || res.json().error?.code !== expected.code) failures.push(what);
          } else if ((res.statusCode === 401 && !signedByCaller(op.contract)) || res.statusCode === 403 || res.statusCode >= 500) {
            failures.push(what);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a visitor’s generation request with 401, not a validation error (the body is never read)', async () => {
    const res = await ctx.app.server.inject({ method: 'POST', url: '/api/generations', headers: SAME_ORIGIN, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } });
  });
});

/** A team made directly in the database, with `email`'s account as its owner; its id. */
async function teamOwnedBy(email: string): Promise<string> {
  const db = ctx.database.db;
  const [owner] = await queryRows<{ id: string }>(db, sql`select id from users where email = ${email}`);
  const [team] = await db
    .insert(workspaces)
    .values({ kind: 'team', name: 'Walked team', createdBy: owner!.id })
    .returning({ id: workspaces.id });
  await db.insert(workspaceMembers).values({ workspaceId: team!.id, userId: owner!.id, role: 'owner' });
  return team!.id;
}

/** A team in which `email`'s account has `role` (another account owns it unless the role is owner); its id. */
async function teamWithMember(email: string, role: WorkspaceRole): Promise<string> {
  if (role === 'owner') return teamOwnedBy(email);
  const team = await teamOwnedBy('outsider@example.com');
  const [member] = await queryRows<{ id: string }>(ctx.database.db, sql`select id from users where email = ${email}`);
  await ctx.database.db.insert(workspaceMembers).values({ workspaceId: team, userId: member!.id, role });
  return team;
}

/** The router's refusal of a non-member: 404 with the workspace's "not found", before the request is read. */
const isRoutersNotFound = (res: { statusCode: number; json: () => { error?: { code?: string; message?: string } } }) =>
  res.statusCode === 404 && res.json().error?.message === workspaceMessages.notFound;

/** Every documented operation under /{workspaceId}: a new one is walked the day it is added. */
async function workspaceOperations(): Promise<Operation[]> {
  const operations = (await documentedOperations()).filter((op) => op.path.includes('/:workspaceId'));
  if (operations.length === 0) {
    throw new Error('No route of the API document has a {workspaceId} path parameter: the workspace routes are not registered');
  }
  return operations;
}

/** The operation's URL for that workspace, other path parameters filled with `other`, and a body that is JSON. */
function callFor(op: Operation, persona: Persona, workspaceId: string, other: string) {
  const url = op.path.replace(/:workspaceId\b/, workspaceId).replace(/:[^/]+/g, other);
  const sendsBody = op.method !== 'GET' && op.method !== 'DELETE';
  return ctx.app.server.inject({
    method: op.method as 'GET',
    url,
    headers: { ...SAME_ORIGIN, cookie: cookies[persona], ...(sendsBody ? { 'content-type': 'application/json' } : {}) },
    ...(sendsBody ? { payload: '{}' } : {}),
  });
}

describe("a workspace's routes are its members'", () => {
  it('answers 404 to a signed-in, confirmed non-member on every method, for a team that exists and one that does not', async () => {
    const failures: string[] = [];
    const operations = await workspaceOperations();
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) {
      const team = await teamOwnedBy('member@example.com');
      for (const workspaceId of [team, randomUUID(), 'not-a-workspace']) {
        for (const other of ['x', randomUUID()]) {
          const res = await callFor(op, 'outsider', workspaceId, other);
          if (!isRoutersNotFound(res))
            failures.push(`${op.method} ${op.path} (${workspaceId}) → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(workspaceRoles)('lets its %s through the router on every method (whatever the route then answers)', async (role) => {
    const failures: string[] = [];
    for (const op of await workspaceOperations()) {
      for (const other of ['x', randomUUID()]) {
        // A team of its own per call: deleting or leaving one does not change the next.
        const team = await teamWithMember('member@example.com', role);
        const res = await callFor(op, 'member', team, other);
        if (isRoutersNotFound(res) || res.statusCode === 401 || res.statusCode >= 500) {
          failures.push(`${op.method} ${op.path} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

const withKey = (op: Operation, secret: string) => {
  const sendsBody = op.method !== 'GET' && op.method !== 'DELETE';
  return ctx.app.server.inject({
    method: op.method as 'GET',
    url: op.path.replace(/:[^/]+/g, 'x'),
    headers: { authorization: `Bearer ${secret}`, ...(sendsBody ? { 'content-type': 'application/json' } : {}) },
    ...(sendsBody ? { payload: '{}' } : {}),
  });
};

describe('API keys reach only what their contract and scope allow', () => {
  const keys: Record<'all' | 'readOnly' | 'revoked' | 'expired', string> = { all: '', readOnly: '', revoked: '', expired: '' };
  beforeAll(async () => {
    const db = ctx.database.db;
    const userId = await userIdOf(ctx, 'user@example.com');
    const workspace = await personalWorkspaceId(db, userId);
    const make = (scopes?: ApiKeyScope[]) => createKey({ db, services: ctx.services }, userId, workspace, scopes ? { scopes } : {});
    keys.all = (await make()).secret;
    keys.readOnly = (await make(['read'])).secret;
    const revoked = await make();
    await ctx.services.apiKeys.revoke(await signedInUser(db, userId), workspace, revoked.id);
    keys.revoked = revoked.secret;
    const expired = await make();
    await db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expired.id));
    keys.expired = expired.secret;
  });

  it('refuses a key on every contract that does not take one, and lets a key with every scope through the others', async () => {
    const failures: string[] = [];
    for (const op of await documentedOperations()) {
      if (op.contract === signOut) continue;
      const res = await withKey(op, keys.all);
      const what = `${op.method} ${op.path} (apiKey ${op.contract.apiKey ?? 'none'}) → ${res.statusCode} ${res.body.slice(0, 120)}`;
      if (!op.contract.apiKey) {
        if (res.statusCode !== 403 || res.json().error?.code !== 'API_KEY_NOT_ACCEPTED') failures.push(what);
      } else if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
        failures.push(what);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a key without the scope, and a revoked or expired key, on every contract that takes keys', async () => {
    const failures: string[] = [];
    for (const op of (await documentedOperations()).filter((o) => o.contract.apiKey)) {
      const scoped = await withKey(op, keys.readOnly);
      if (op.contract.apiKey !== 'read' && (scoped.statusCode !== 403 || scoped.json().error?.code !== 'API_KEY_SCOPE_REQUIRED')) {
        failures.push(`read-only ${op.method} ${op.path} → ${scoped.statusCode}`);
      }
      for (const which of ['revoked', 'expired'] as const) {
        const res = await withKey(op, keys[which]);
        if (res.statusCode !== 401 || res.json().error?.code !== 'INVALID_API_KEY')
          failures.push(`${which} ${op.method} ${op.path} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 for another workspace's generation", async () => {
    const outsider = await userIdOf(ctx, 'outsider@example.com');
    const [job] = await ctx.database.db
      .insert(generationJobs)
      .values({
        userId: outsider,
        workspaceId: await personalWorkspaceId(ctx.database.db, outsider),
        kind: 'image',
        provider: 'local',
        modelName: 'm',
        input: {},
        cost: 0,
      })
      .returning({ id: generationJobs.id });
    const { id } = job!;
    const read = await ctx.app.server.inject({ url: `/api/generations/${id}`, headers: { authorization: `Bearer ${keys.all}` } });
    expect(read.statusCode).toBe(404);
    const events = await ctx.app.server.inject({ url: `/api/generations/${id}/events`, headers: { authorization: `Bearer ${keys.all}` } });
    expect(events.statusCode).toBe(404);
  });
});
