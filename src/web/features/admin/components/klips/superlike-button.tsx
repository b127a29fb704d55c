import { Sparkles } from 'lucide-react';
import type { AdminKlipCard } from '#contracts/admin-klips.ts';
import { voteButtonStyles } from '#web/components/klips/vote-buttons.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { useSuperlike } from '../../api/klips.ts';
import { adminTexts } from '../../texts.ts';

/** The fifth vote, beside the card's four: pressed when it is the super admin's vote, with its count. */
export function SuperlikeButton({ klip }: { klip: AdminKlipCard }) {
  const superlike = useSuperlike(klip);

  async function toggle() {
    if ((await superlike.toggle()) === 'cast') toast(adminTexts.gallery.superlikeSent, 'success');
  }

  return (
    <Tooltip content={adminTexts.gallery.superlike}>
      <button
        type="button"
        aria-pressed={superlike.superliked}
        aria-label={`${adminTexts.gallery.superlike}: ${superlike.count}`}
        onClick={() => void toggle()}
        className={voteButtonStyles(superlike.superliked, 'bg-brand-600 text-white ring-brand-600')}
      >
        <Sparkles className="size-4" fill={superlike.superliked ? 'currentColor' : 'none'} aria-hidden="true" />
        <span>{superlike.count}</span>
      </button>
    </Tooltip>
  );
}
