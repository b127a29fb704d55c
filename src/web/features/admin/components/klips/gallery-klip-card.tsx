import { Trash2 } from 'lucide-react';
import type { AdminKlipCard } from '#contracts/admin-klips.ts';
import { KlipCard } from '#web/components/klips/klip-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SuperlikeButton } from './superlike-button.tsx';
import { adminTexts } from '../../texts.ts';

/** A klip as God Mode shows it: the shared card with its creator's email, the superlike and a delete action. */
export function GalleryKlipCard({ klip, onDelete }: { klip: AdminKlipCard; onDelete: (klip: AdminKlipCard) => void }) {
  return (
    <KlipCard
      klip={klip}
      creatorEmail={klip.creatorEmail}
      extraVotes={<SuperlikeButton klip={klip} />}
      actions={
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onDelete(klip)}
          className="h-8 px-2 text-danger-700 hover:bg-danger-50 hover:text-danger-700"
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {adminTexts.gallery.delete}
        </Button>
      }
    />
  );
}
