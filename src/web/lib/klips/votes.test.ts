import { describe, expect, it } from 'vitest';
import type { KlipVoteCounts } from '#contracts/klips.ts';
import { applyVote, nextVote } from './votes.ts';

const counts = (overrides: Partial<KlipVoteCounts> = {}): KlipVoteCounts => ({
  archived: 0,
  one_star: 0,
  two_stars: 0,
  heart: 0,
  superlike: 0,
  ...overrides,
});

describe('optimistic votes', () => {
  it('a first vote adds one to its type', () => {
    expect(applyVote({ counts: counts({ heart: 2 }), viewerVote: null }, 'heart')).toEqual({
      counts: counts({ heart: 3 }),
      viewerVote: 'heart',
    });
  });

  it('a changed vote moves one from the old type to the new', () => {
    expect(applyVote({ counts: counts({ heart: 3, one_star: 1 }), viewerVote: 'heart' }, 'one_star')).toEqual({
      counts: counts({ heart: 2, one_star: 2 }),
      viewerVote: 'one_star',
    });
  });

  it('clicking the active vote removes it', () => {
    expect(nextVote('heart', 'heart')).toBeNull();
    expect(nextVote('heart', 'archived')).toBe('archived');
    expect(nextVote(null, 'two_stars')).toBe('two_stars');
    expect(applyVote({ counts: counts({ heart: 1 }), viewerVote: 'heart' }, null)).toEqual({ counts: counts(), viewerVote: null });
  });

  it('never shows a negative count', () => {
    expect(applyVote({ counts: counts(), viewerVote: 'heart' }, null).counts.heart).toBe(0);
  });
});
