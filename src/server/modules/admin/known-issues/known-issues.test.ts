import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, verifiedUser } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { KNOWN_ISSUE_MAX, knownIssueMessages, type KnownIssue } from '#contracts/known-issues.ts';
import { knownIssues } from '#server/db/schema/index.ts';
import { makeSuperAdmin } from '../bootstrap.ts';

// postgres-pass: same

let ctx: TestContext;
let adminA: string;
let adminB: string;
let plain: string;

async function adminCookie(email: string) {
  await makeSuperAdmin(ctx.database.db, email, 'admin password', (u) => ctx.services.account.setUp(u));
  return (await signIn(ctx, email, 'admin password')).cookie;
}

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: false, workers: false });
  adminA = await adminCookie('a-admin@example.com');
  adminB = await adminCookie('b-admin@example.com');
  plain = await verifiedUser(ctx, 'plain@example.com');
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string | undefined, payload?: object) =>
  ctx.app.server.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

const list = async (cookie: string) => {
  const res = await call('GET', '/api/admin/known-issues', cookie);
  expect(res.statusCode).toBe(200);
  return res.json<{ issues: KnownIssue[] }>().issues;
};
const add = (cookie: string, text: string) => call('POST', '/api/admin/known-issues', cookie, { text });
const edit = (cookie: string, id: string, text: string) => call('PATCH', `/api/admin/known-issues/${id}`, cookie, { text });
const remove = (cookie: string | undefined, id: string) => call('DELETE', `/api/admin/known-issues/${id}`, cookie);

describe('known issues', () => {
  it('adds, lists newest first, edits and deletes, shared between admins', async () => {
    const first = await add(adminA, '  Video previews stall on Safari  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ text: 'Video previews stall on Safari', createdByEmail: 'a-admin@example.com' });
    const second = (await add(adminB, 'Segmind answers slowly after 6 pm')).json<KnownIssue>();

    // Admin B sees admin A's issue, with who noted it; the newest comes first.
    const seenByB = await list(adminB);
    expect(seenByB.map((i) => [i.text, i.createdByEmail])).toEqual([
      ['Segmind answers slowly after 6 pm', 'b-admin@example.com'],
      ['Video previews stall on Safari', 'a-admin@example.com'],
    ]);

    const id = first.json<KnownIssue>().id;
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await ctx.database.db.update(knownIssues).set({ createdAt: anHourAgo, updatedAt: anHourAgo }).where(eq(knownIssues.id, id));
    const edited = await edit(adminB, id, 'Video previews stall on Safari 17');
    expect(edited.statusCode).toBe(200);
    const body = edited.json<KnownIssue>();
    expect(body).toMatchObject({ id, text: 'Video previews stall on Safari 17', createdByEmail: 'a-admin@example.com' });
    expect(body.createdAt).toBe(anHourAgo.toISOString());
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list(adminA)).find((i) => i.id === id)?.text).toBe('Video previews stall on Safari 17');

    expect((await remove(adminA, second.id)).statusCode).toBe(204);
    expect((await list(adminB)).map((i) => i.id)).toEqual([id]);
    await remove(adminA, id);
  });

  it('refuses blank and too long text with the contract messages, storing nothing', async () => {
    for (const text of ['', '   ', '\n\t']) {
      const res = await add(adminA, text);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(knownIssueMessages.textRequired);
    }
    const tooLong = await add(adminA, 'x'.repeat(KNOWN_ISSUE_MAX + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(knownIssueMessages.textTooLong);
    expect((await add(adminA, 'x'.repeat(KNOWN_ISSUE_MAX))).statusCode).toBe(201);

    const issue = (await add(adminA, 'Uploads over 8 MB time out')).json<KnownIssue>();
    const blankEdit = await edit(adminA, issue.id, ' ');
    expect(blankEdit.statusCode).toBe(400);
    expect(blankEdit.json().error.message).toBe(knownIssueMessages.textRequired);
    expect((await edit(adminA, issue.id, 'y'.repeat(KNOWN_ISSUE_MAX + 1))).statusCode).toBe(400);
    expect((await list(adminA)).find((i) => i.id === issue.id)?.text).toBe('Uploads over 8 MB time out');
    expect((await list(adminA)).some((i) => i.text.trim() === '')).toBe(false);
  });

  it('answers 404 to an edit of a deleted issue, and 204 to deleting it again', async () => {
    const issue = (await add(adminA, 'Checkout button flickers')).json<KnownIssue>();
    expect((await remove(adminB, issue.id)).statusCode).toBe(204);
    const res = await edit(adminA, issue.id, 'Checkout button flickers on iOS');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(knownIssueMessages.notFound);
    expect((await remove(adminA, issue.id)).statusCode).toBe(204);
    expect((await remove(adminA, randomUUID())).statusCode).toBe(204);
    expect((await list(adminA)).some((i) => i.id === issue.id)).toBe(false);
  });

  it('lists at most the limit, newest first', async () => {
    await ctx.database.db.delete(knownIssues);
    const base = Date.now() - 300_000;
    await ctx.database.db
      .insert(knownIssues)
      .values(Array.from({ length: 205 }, (_, i) => ({ text: `issue ${i}`, createdAt: new Date(base + i * 1000) })));
    const issues = await list(adminA);
    expect(issues).toHaveLength(200);
    expect(issues[0]).toMatchObject({ text: 'issue 204', createdByEmail: null });
    expect(issues.at(-1)!.text).toBe('issue 5');
  });

  it('is for super admins only: visitors 401, other users 403, changing nothing', async () => {
    const [issue] = await list(adminA);
    for (const [cookie, status] of [
      [undefined, 401],
      [plain, 403],
    ] as const) {
      expect((await call('GET', '/api/admin/known-issues', cookie)).statusCode).toBe(status);
      expect((await call('POST', '/api/admin/known-issues', cookie, { text: 'sneaky' })).statusCode).toBe(status);
      expect((await call('PATCH', `/api/admin/known-issues/${issue!.id}`, cookie, { text: 'sneaky' })).statusCode).toBe(status);
      expect((await remove(cookie, issue!.id)).statusCode).toBe(status);
    }
    const after = await list(adminA);
    expect(after.find((i) => i.id === issue!.id)?.text).toBe(issue!.text);
    expect(after.some((i) => i.text === 'sneaky')).toBe(false);
  });
});
