import type { KlipVoteCounts, VoteResult } from '#contracts/klips.ts';
import type { UserVoteType, VoteType } from '#contracts/klip-kinds.ts';

/** The vote a click asks for: the clicked type, or none when it is the active one (clicking it again removes it). */
export function nextVote(current: VoteType | null, clicked: UserVoteType): UserVoteType | null {
  return current === clicked ? null : clicked;
}

/**
 * What the card shows at once while the server answers (docs/product-rules.md#klips): the previous
 * vote's count goes down, the new one's up.
 */
export function applyVote(state: VoteResult, next: VoteType | null): VoteResult {
  const counts: KlipVoteCounts = { ...state.counts };
  if (state.viewerVote) counts[state.viewerVote] = Math.max(0, counts[state.viewerVote] - 1);
  if (next) counts[next] += 1;
  return { counts, viewerVote: next };
}
