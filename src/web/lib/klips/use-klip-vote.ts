import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { UserVoteType } from '#contracts/klip-kinds.ts';
import type { KlipCard, VoteResult } from '#contracts/klips.ts';
import { callApi } from '../api-client.ts';
import { patchCachedKlip } from './klip-cache.ts';
import { applyVote, nextVote } from './votes.ts';
import { voteOnKlip } from '#contracts/routes.ts';

/**
 * A card's votes: a click shows its effect at once (docs/product-rules.md#klips) and PUTs the vote;
 * the server's counts then go into every cached list. A refused vote is silently reverted and
 * logged to the console. Only the latest click's answer counts, so quick clicks settle on the last one.
 */
export function useKlipVote(klip: KlipCard) {
  const queryClient = useQueryClient();
  // Tied to the klip object it was made for: when the cache brings a new one, the cache is the truth.
  const [local, setLocal] = useState<{ base: KlipCard; value: VoteResult } | null>(null);
  const latest = useRef(0);
  const shown: VoteResult = local?.base === klip ? local.value : { counts: klip.counts, viewerVote: klip.viewerVote };

  async function vote(clicked: UserVoteType) {
    const next = nextVote(shown.viewerVote, clicked);
    const request = ++latest.current;
    setLocal({ base: klip, value: applyVote(shown, next) });
    try {
      const result = await callApi(voteOnKlip, { params: { id: klip.id }, body: { voteType: next } });
      if (request !== latest.current) return;
      setLocal({ base: klip, value: result });
      patchCachedKlip(queryClient, klip.id, (k) => ({ ...k, counts: result.counts, viewerVote: result.viewerVote }));
    } catch (error) {
      if (request !== latest.current) return;
      setLocal(null);
      console.warn('Vote not saved; reverted', error);
    }
  }

  return { counts: shown.counts, viewerVote: shown.viewerVote, vote };
}
