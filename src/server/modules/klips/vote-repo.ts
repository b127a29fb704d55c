import { and, eq, sql } from 'drizzle-orm';
import type { KlipVoteCounts } from '#contracts/klips.ts';
import { voteWeights, type VoteType } from '#contracts/klip-kinds.ts';
import type { DbOrTx } from '../../db/client.ts';
import { klips, klipVotes } from '../../db/schema/index.ts';
import type { KlipRow } from './serialize.ts';

/** The counter column of each vote type. */
const counters = {
  archived: 'archivedCount',
  one_star: 'oneStarCount',
  two_stars: 'twoStarsCount',
  heart: 'heartCount',
  superlike: 'superlikeCount',
} as const satisfies Record<VoteType, keyof KlipRow>;

export function voteCounts(row: Pick<KlipRow, (typeof counters)[VoteType]>): KlipVoteCounts {
  return {
    archived: row.archivedCount,
    one_star: row.oneStarCount,
    two_stars: row.twoStarsCount,
    heart: row.heartCount,
    superlike: row.superlikeCount,
  };
}

/** The user's vote on the klip, or null. */
export async function findVote(db: DbOrTx, klipId: string, userId: string): Promise<VoteType | null> {
  const [existing] = await db
    .select({ voteType: klipVotes.voteType })
    .from(klipVotes)
    .where(and(eq(klipVotes.klipId, klipId), eq(klipVotes.userId, userId)))
    .limit(1);
  return existing?.voteType ?? null;
}

type VoteChange = { counts: KlipVoteCounts; viewerVote: VoteType | null };

/**
 * Sets the user's one vote on a klip (null removes it) and moves the klip's counters and rating
 * score by the difference, in the caller's transaction; the caller holds the klip's row lock
 * (lockKlip), so concurrent votes on one klip apply one after another. Same vote again: no change.
 */
export async function setVote(tx: DbOrTx, klip: KlipRow, userId: string, next: VoteType | null): Promise<VoteChange> {
  return changeVote(tx, klip, userId, await findVote(tx, klip.id, userId), next);
}

/** setVote for a caller that has read the user's current vote (findVote) under the same lock. */
export async function changeVote(
  tx: DbOrTx,
  klip: KlipRow,
  userId: string,
  previous: VoteType | null,
  next: VoteType | null,
): Promise<VoteChange> {
  if (previous === next) return { counts: voteCounts(klip), viewerVote: previous };

  if (next === null) await tx.delete(klipVotes).where(and(eq(klipVotes.klipId, klip.id), eq(klipVotes.userId, userId)));
  else
    await tx
      .insert(klipVotes)
      .values({ klipId: klip.id, userId, voteType: next })
      .onConflictDoUpdate({ target: [klipVotes.klipId, klipVotes.userId], set: { voteType: next, updatedAt: sql`now()` } });

  const changes: Partial<Record<(typeof counters)[VoteType] | 'ratingScore', ReturnType<typeof sql>>> = {
    ratingScore: sql`${klips.ratingScore} + ${(next ? voteWeights[next] : 0) - (previous ? voteWeights[previous] : 0)}`,
  };
  if (previous) changes[counters[previous]] = sql`${klips[counters[previous]]} - 1`;
  if (next) changes[counters[next]] = sql`${klips[counters[next]]} + 1`;
  const [updated] = await tx.update(klips).set(changes).where(eq(klips.id, klip.id)).returning();
  return { counts: voteCounts(updated!), viewerVote: next };
}
