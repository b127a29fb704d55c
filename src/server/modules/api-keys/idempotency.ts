import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import { apiKeyMessages, IDEMPOTENCY_WINDOW_HOURS } from '#contracts/api-keys.ts';
import type { Db } from '../../db/client.ts';
import { idempotentRequests } from '../../db/schema/index.ts';
import type { IdempotencyStore } from '../../http/idempotency.ts';
import { defineTask } from '../../jobs/job.ts';
import { AppError } from '../../lib/app-error.ts';

const WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 3_600_000;
/** A first request still 'running' after this was cut off (a restart): its key is free again. */
const ABANDONED_MS = 2 * 60_000;
/** How long a repeat waits for the first request's answer before 409. */
const WAIT_MS = 30_000;

/** The store, and its bookkeeping for the hourly task. */
export interface PrunableIdempotencyStore extends IdempotencyStore {
  /** Deletes answers older than the window (they are never replayed; this only clears them away). */
  prune(): Promise<void>;
}

const where = (workspaceId: string, key: string) => and(eq(idempotentRequests.workspaceId, workspaceId), eq(idempotentRequests.key, key));

export function createIdempotencyStore(db: Db, options: { waitMs?: number } = {}): PrunableIdempotencyStore {
  const waitMs = options.waitMs ?? WAIT_MS;

  return {
    async claim(workspaceId, key, requestHash) {
      const deadline = Date.now() + waitMs;
      for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
        const inserted = await db
          .insert(idempotentRequests)
          .values({ workspaceId, key, requestHash, state: 'running' })
          .onConflictDoNothing()
          .returning({ key: idempotentRequests.key });
        if (inserted.length > 0) return 'claimed';
        const [row] = await db.select().from(idempotentRequests).where(where(workspaceId, key));
        if (!row) continue; // released between the two reads: try to claim it again
        const age = Date.now() - row.createdAt.getTime();
        if (age > WINDOW_MS || (row.state === 'running' && age > ABANDONED_MS)) {
          await db.delete(idempotentRequests).where(and(where(workspaceId, key), eq(idempotentRequests.createdAt, row.createdAt)));
          continue;
        }
        if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', apiKeyMessages.idempotencyKeyReused);
        if (row.state === 'done') return { status: row.status!, body: row.response! };
        if (Date.now() > deadline) throw new AppError('IDEMPOTENCY_KEY_IN_USE', apiKeyMessages.idempotencyKeyBusy);
        await delay(pause);
      }
    },

    async complete(workspaceId, key, answer) {
      await db
        .update(idempotentRequests)
        .set({ state: 'done', status: answer.status, response: answer.body })
        .where(where(workspaceId, key));
    },

    async release(workspaceId, key) {
      await db.delete(idempotentRequests).where(and(where(workspaceId, key), eq(idempotentRequests.state, 'running')));
    },

    async prune() {
      await db
        .delete(idempotentRequests)
        .where(lt(idempotentRequests.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`));
    },
  };
}

export const pruneIdempotentRequestsTask = defineTask({
  name: 'prune-idempotent-requests',
  everySeconds: 3_600,
  run: ({ api }: { api: { idempotency: Pick<PrunableIdempotencyStore, 'prune'> } }) => api.idempotency.prune(),
});
