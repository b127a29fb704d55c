import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedUser, userIdOf } from '#test-support/session.ts';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import type { CreditHistoryEntry, CreditHistoryPage } from '#contracts/credits-api.ts';
import { CREDIT_HISTORY_PAGE_SIZE } from '#contracts/credits.ts';
import { personalWorkspaceId } from '../workspaces/personal-repo.ts';
import { bookOnce, getBalance } from './ledger.ts';

// postgres-pass: driver

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ workers: false });
});
afterAll(async () => {
  await ctx?.close();
});

const history = (cookie: string, cursor?: string) =>
  ctx.app.server.inject({
    url: `/api/credits/history${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    headers: { ...SAME_ORIGIN, cookie },
  });

async function allPages(cookie: string): Promise<{ entries: CreditHistoryEntry[]; pages: number }> {
  const entries: CreditHistoryEntry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await history(cookie, cursor);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<CreditHistoryPage>();
    expect(page.entries.length).toBeLessThanOrEqual(CREDIT_HISTORY_PAGE_SIZE);
    entries.push(...page.entries);
    cursor = page.nextCursor ?? undefined;
    pages += 1;
  } while (cursor);
  return { entries, pages };
}

describe('credit history', () => {
  it('lists every ledger row newest first across pages, with the balance after each and refunded usage marked', async () => {
    const cookie = await verifiedUser(ctx, 'history@example.com');
    const userId = await userIdOf(ctx, 'history@example.com');
    const db = ctx.database.db;
    const workspaceId = await personalWorkspaceId(db, userId);
    await bookOnce(db, {
      workspaceId,
      userId,
      amount: 500,
      type: 'purchase',
      reference: 'invoice:in_h1',
      description: 'Growth plan — November',
    });
    for (let i = 0; i < 25; i++) {
      await bookOnce(db, {
        workspaceId,
        userId,
        amount: -1,
        type: 'usage',
        reference: `generation:h${i}`,
        description: 'Image: Klipt Ultra 1.1',
      });
    }
    await bookOnce(db, {
      workspaceId,
      userId,
      amount: 1,
      type: 'refund',
      reference: 'generation:h3',
      description: 'Refund: generation failed',
    });

    const { entries, pages } = await allPages(cookie);
    expect(pages).toBe(2);
    // Welcome grant + purchase + 25 usages + 1 refund.
    expect(entries).toHaveLength(28);
    expect(new Set(entries.map((e) => e.id)).size).toBe(28);
    expect(entries.at(-1)).toMatchObject({ type: 'grant', amount: 10, balanceAfter: 10 });
    // PGlite's clock has millisecond resolution: rows booked in one millisecond share created_at and
    // come in id order, so the refund is found by its type and the newest row carries the balance.
    expect(entries[0]!.balanceAfter).toBe(await getBalance(db, workspaceId));
    expect(entries.find((e) => e.type === 'refund')).toMatchObject({ amount: 1, description: 'Refund: generation failed' });
    for (let i = 0; i < entries.length - 1; i++) {
      expect(entries[i]!.balanceAfter - entries[i]!.amount).toBe(entries[i + 1]!.balanceAfter);
      expect(entries[i]!.createdAt >= entries[i + 1]!.createdAt).toBe(true);
    }
    const refunded = entries.filter((e) => e.refunded);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ type: 'usage', amount: -1 });
    expect((await history(cookie)).json<CreditHistoryPage>().balance).toBe(10 + 500 - 25 + 1);
  });

  it('shows each user only their own rows', async () => {
    const cookie = await verifiedUser(ctx, 'other-history@example.com');
    const { entries } = await allPages(cookie);
    expect(entries.map((e) => e.type)).toEqual(['grant']);
  });

  it('refuses a forged cursor and a visitor', async () => {
    const cookie = await verifiedUser(ctx, 'cursor-forger@example.com');
    for (const cursor of ['nope', Buffer.from('["x","y"]').toString('base64url')]) {
      expect((await history(cookie, cursor)).statusCode).toBe(400);
    }
    expect((await history('')).statusCode).toBe(401);
  });
});
