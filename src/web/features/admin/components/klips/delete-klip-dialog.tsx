import { adminKlipMessages, type AdminKlipCard } from '../../../../../contracts/admin-klips.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog.tsx';
import { toast } from '../../../../components/ui/toast.tsx';
import { userMessage } from '../../../../lib/api-errors.ts';
import { useDeleteKlip } from '../../api/klips.ts';
import { galleryTexts } from './texts.ts';

/**
 * Asks before deleting `klip` (null: closed). It lives beside the grid, not in the card, so it
 * outlives the card it removes and can still say how it went.
 */
export function DeleteKlipDialog({ klip, onClose }: { klip: AdminKlipCard | null; onClose: () => void }) {
  const remove = useDeleteKlip();

  function confirm(target: AdminKlipCard) {
    remove.mutate(target, {
      onSuccess: () => toast(adminKlipMessages.deleted, 'success'),
      onError: (error) => toast(userMessage(error), 'error'),
      onSettled: onClose,
    });
  }

  return (
    <Dialog
      open={klip !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      {klip && (
        <DialogContent title={adminKlipMessages.deleteConfirmTitle} description={adminKlipMessages.deleteConfirmBody} size="sm">
          <p className="line-clamp-3 rounded-xl bg-ink-50 px-3 py-2 text-sm text-ink-700">{klip.prompt}</p>
          <p className="mt-2 truncate text-xs text-ink-500">{klip.creatorEmail}</p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                {galleryTexts.cancel}
              </Button>
            </DialogClose>
            <Button variant="danger" loading={remove.isPending} onClick={() => confirm(klip)}>
              {galleryTexts.deleteKlip}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
