import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, person, type Person } from '#test-support/klip-people.ts';
import { insertKlipRows } from '#test-support/klip-rows.ts';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { fieldMessages } from '#contracts/fields.ts';
import { klipMessages, TAGS_PER_KLIP_MAX, type KlipPage } from '#contracts/klips.ts';
import { queryRows } from '../../db/client.ts';

// postgres-pass: same

let ctx: TestContext;
let alice: Person;
let bob: Person;
let admin: Person;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false, rateLimits: false });
  [alice, bob, admin] = await Promise.all([
    person(ctx, 'alice@example.com'),
    person(ctx, 'bob@example.com'),
    person(ctx, 'admin@example.com', { superAdmin: true }),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const names = (from: number, n: number) => Array.from({ length: n }, (_, i) => `cap-${from + i}`);
const klip = async (isPublic: boolean, prompt = 'edit me') =>
  (await insertKlipRows(ctx.database.db, [{ userId: alice.id, isPublic, prompt }]))[0]!;
const setVisibility = (who: Person | null, id: string, isPublic: unknown) =>
  callAs(ctx, who)('PUT', `/api/klips/${id}/visibility`, { isPublic });
const addTags = (who: Person | null, id: string, tags: unknown) => callAs(ctx, who)('POST', `/api/klips/${id}/tags`, { tags });
const removeTag = (who: Person | null, id: string, tag: string) =>
  callAs(ctx, who)('DELETE', `/api/klips/${id}/tags/${encodeURIComponent(tag)}`);

function expectError(res: { statusCode: number; json: () => unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect((res.json() as { error: { message: string } }).error.message).toBe(message);
}

describe('visibility', () => {
  it('is changed by the owner and super admins; a private klip then disappears for everyone else', async () => {
    const id = await klip(false, 'visibility-flip');
    expect((await setVisibility(alice, id, true)).json()).toEqual({ isPublic: true });
    const inCollection = async () => (await callAs(ctx, null)('GET', '/api/collections?search=visibility-flip')).json<KlipPage>().klips;
    expect(await inCollection()).toHaveLength(1);
    expectError(await setVisibility(bob, id, false), 403, klipMessages.ownerOnly);

    expect((await setVisibility(admin, id, false)).json()).toEqual({ isPublic: false });
    expect(await inCollection()).toHaveLength(0);
    expectError(await callAs(ctx, bob)('GET', `/api/klips/${id}`), 404, klipMessages.notFound);
    expectError(await setVisibility(bob, id, true), 404, klipMessages.notFound);
    expect((await setVisibility(null, id, true)).statusCode).toBe(401);
    expectError(await setVisibility(alice, id, 'yes'), 400, klipMessages.visibilityInvalid);
  });
});

describe('tags', () => {
  it('are added trimmed and lower-cased, idempotently, reusing one shared row per name, and answered sorted', async () => {
    const [first, second] = [await klip(true), await klip(false)];
    expect((await addTags(alice, first, ['  Summer ', 'beach'])).json()).toEqual({ tags: ['beach', 'summer'] });
    expect((await addTags(alice, first, ['SUMMER'])).json()).toEqual({ tags: ['beach', 'summer'] });
    expect((await addTags(alice, second, ['summer', 'summer'])).json()).toEqual({ tags: ['summer'] });
    const rows = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from tags where lower(name) = 'summer'`);
    expect(rows[0]!.n).toBe(1);
    expect((await callAs(ctx, null)('GET', `/api/klips/${first}`)).json().tags).toEqual(['beach', 'summer']);

    expect((await removeTag(alice, first, 'Summer')).json()).toEqual({ tags: ['beach'] });
    expect((await removeTag(alice, first, 'never-there')).json()).toEqual({ tags: ['beach'] });
    expect((await callAs(ctx, alice)('GET', `/api/klips/${second}`)).json().tags).toEqual(['summer']);
  });

  it('are changed by the owner and super admins only; a private klip is "not found" to others', async () => {
    const [open, secret] = [await klip(true), await klip(false)];
    expectError(await addTags(bob, open, ['mine']), 403, klipMessages.ownerOnly);
    expectError(await removeTag(bob, open, 'mine'), 403, klipMessages.ownerOnly);
    expectError(await addTags(bob, secret, ['mine']), 404, klipMessages.notFound);
    expectError(await removeTag(bob, secret, 'mine'), 404, klipMessages.notFound);
    expect((await addTags(null, open, ['mine'])).statusCode).toBe(401);
    expect((await addTags(admin, secret, ['curated'])).json()).toEqual({ tags: ['curated'] });
    expect((await removeTag(admin, secret, 'curated')).json()).toEqual({ tags: [] });
  });

  it(`are at most ${TAGS_PER_KLIP_MAX} per klip, counted under the klip's lock`, async () => {
    const id = await klip(true);
    expect((await addTags(alice, id, names(0, 6))).statusCode).toBe(200);
    // Two requests at once that would each fit alone: one of them must be refused.
    const both = await Promise.all([addTags(alice, id, names(10, 3)), addTags(alice, id, names(20, 3))]);
    expect(both.map((r) => r.statusCode).sort((a, b) => a - b)).toEqual([200, 409]);
    expectError(
      both.find((r) => r.statusCode === 409)!,
      409,
      klipMessages.tooManyTags,
    );
    expect((await addTags(alice, id, ['cap-30'])).json().tags).toHaveLength(10);
    expectError(await addTags(alice, id, ['cap-31']), 409, klipMessages.tooManyTags);
    // A tag it already has is still fine at the limit.
    expect((await addTags(alice, id, ['cap-0'])).statusCode).toBe(200);
  });

  it('with a NUL or another control character read the control-character message however they are sent, and change nothing', async () => {
    const id = await klip(true);
    for (const tags of [['sun\u0000'], 'sun\u0000', '\u0000', ['ok', 'sun\u0085'], 'sun\u009b31m']) {
      expectError(await addTags(alice, id, tags), 400, fieldMessages.invalidCharacters);
    }
    expectError(await removeTag(alice, id, 'sun\u0000'), 400, fieldMessages.invalidCharacters);
    expect((await callAs(ctx, alice)('GET', `/api/klips/${id}`)).json().tags).toEqual([]);
    // One tag sent alone is a list of one.
    expect((await addTags(alice, id, ' Sunset ')).json()).toEqual({ tags: ['sunset'] });
    expectError(await addTags(alice, id, '  '), 400, klipMessages.tagRequired);
    expectError(await addTags(alice, id, 42), 400, klipMessages.tagRequired);
  });

  it('lose the characters that reorder text around them (shown publicly, a tag cannot spoof its neighbours)', async () => {
    const id = await klip(true);
    expect((await addTags(alice, id, ['\u202Eelas', 'new\u2066in\u2069'])).json()).toEqual({ tags: ['elas', 'newin'] });
    expectError(await addTags(alice, id, ['\u202E']), 400, klipMessages.tagRequired);
  });

  it('refuse empty, over-long and too many names with their messages', async () => {
    const id = await klip(true);
    expectError(await addTags(alice, id, ['   ']), 400, klipMessages.tagRequired);
    expectError(await addTags(alice, id, []), 400, klipMessages.tagRequired);
    expectError(await addTags(alice, id, ['x'.repeat(33)]), 400, klipMessages.tagTooLong);
    expectError(
      await addTags(
        alice,
        id,
        Array.from({ length: 11 }, (_, i) => `t${i}`),
      ),
      400,
      klipMessages.tooManyTags,
    );
  });
});
