import { Archive, Heart, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { userVoteTypes, type UserVoteType, type VoteType } from '#contracts/klip-kinds.ts';
import type { KlipVoteCounts } from '#contracts/klips.ts';
import { cn } from '../../lib/cn.ts';
import { klipTexts } from '../../lib/texts.ts';

function VoteIcon({ type, active }: { type: UserVoteType; active: boolean }) {
  const fill = active ? 'currentColor' : 'none';
  if (type === 'archived') return <Archive className="size-4" aria-hidden="true" />;
  if (type === 'heart') return <Heart className="size-4" fill={fill} aria-hidden="true" />;
  return (
    <span className="flex -space-x-1.5" aria-hidden="true">
      <Star className="size-4" fill={fill} />
      {type === 'two_stars' && <Star className="size-4" fill={fill} />}
    </span>
  );
}

const activeTones: Record<UserVoteType, string> = {
  archived: 'bg-ink-800 text-white ring-ink-800',
  one_star: 'bg-amber-50 text-amber-800 ring-amber-300',
  two_stars: 'bg-amber-50 text-amber-800 ring-amber-300',
  heart: 'bg-accent-400/15 text-accent-600 ring-accent-400',
};

/** A vote button's look: a pill with its icon and count, toned when pressed (shared with God Mode's superlike). */
export function voteButtonStyles(active: boolean, activeTone: string): string {
  return cn(
    'inline-flex h-8 min-w-11 items-center justify-center gap-1 rounded-full px-2.5 text-xs font-semibold tabular-nums ring-1 transition-colors ring-inset',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    active ? activeTone : 'bg-white text-ink-600 ring-ink-200 hover:bg-ink-50 hover:text-ink-900',
  );
}

/**
 * The four votes every signed-in user casts, each with its count; the pressed one is the viewer's.
 * `extra` is the slot for God Mode's superlike.
 */
export function VoteButtons({
  counts,
  viewerVote,
  onVote,
  extra,
}: {
  counts: KlipVoteCounts;
  viewerVote: VoteType | null;
  onVote: (type: UserVoteType) => void;
  extra?: ReactNode;
}) {
  return (
    <div role="group" aria-label={klipTexts.voteGroup} className="flex flex-wrap items-center gap-1.5">
      {userVoteTypes.map((type) => {
        const active = viewerVote === type;
        return (
          <button
            key={type}
            type="button"
            aria-pressed={active}
            aria-label={`${klipTexts.votes[type]}: ${counts[type]}`}
            onClick={() => onVote(type)}
            className={voteButtonStyles(active, activeTones[type])}
          >
            <VoteIcon type={type} active={active} />
            <span>{counts[type]}</span>
          </button>
        );
      })}
      {extra}
    </div>
  );
}
