import type { AdminKlipCard } from '#contracts/admin-klips.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useDeleteKlip } from '../../api/klips.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { adminTexts } from '../../texts.ts';

/**
 * Asks before deleting `klip` (null: closed). It lives beside the grid, not in the card, so it
 * outlives the card it removes and can still say how it went.
 */
export function DeleteKlipDialog({ klip, onClose }: { klip: AdminKlipCard | null; onClose: () => void }) {
  const remove = useDeleteKlip();

  function confirm(target: AdminKlipCard) {
    remove.mutate(target, {
      onSuccess: () => toast(adminTexts.gallery.deleted, 'success'),
      onError: (error) => toast(userMessage(error), 'error'),
      onSettled: onClose,
    });
  }

  return (
    <ConfirmDialog
      open={klip !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={adminTexts.gallery.deleteConfirmTitle}
      description={adminTexts.gallery.deleteConfirmBody}
      confirmLabel={adminTexts.gallery.deleteKlip}
      tone="danger"
      pending={remove.isPending}
      error={null}
      onConfirm={() => klip && confirm(klip)}
    >
      {klip && (
        <div>
          <p className="line-clamp-3 rounded-xl bg-ink-50 px-3 py-2 text-sm text-ink-700">{klip.prompt}</p>
          <p className="mt-2 truncate text-xs text-ink-500">{klip.creatorEmail}</p>
        </div>
      )}
    </ConfirmDialog>
  );
}
