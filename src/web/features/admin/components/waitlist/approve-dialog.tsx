import type { AdminWaitlistEntry } from '#contracts/admin-waitlist.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { useApproveWaitlistEntries } from '../../api/waitlist.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { adminTexts } from '../../texts.ts';

const t = adminTexts.waitlist;

/** How many of the chosen people the dialog names before 'and N more'. */
const NAMED = 5;

/**
 * 'Approve N entries? Each gets an invitation email.': emails cannot be unsent, so approving always
 * asks first and names who is about to be invited.
 */
export function ApproveDialog({
  entries,
  onClose,
  onApproved,
}: {
  /** The entries to approve; null while the dialog is closed. */
  entries: AdminWaitlistEntry[] | null;
  onClose: () => void;
  onApproved: (ids: string[]) => void;
}) {
  const approve = useApproveWaitlistEntries();
  const n = entries?.length ?? 0;

  const close = (open: boolean) => {
    if (open) return;
    approve.reset();
    onClose();
  };

  const confirm = () => {
    if (!entries) return;
    const ids = entries.map((e) => e.id);
    approve.mutate(ids, {
      onSuccess: (result) => {
        toast(t.approved(result.approved.length, result.unchanged), 'success');
        onApproved(ids);
        close(false);
      },
    });
  };

  return (
    <ConfirmDialog
      open={entries !== null}
      onOpenChange={close}
      title={t.confirmTitle(n)}
      description={t.confirmBody(n)}
      confirmLabel={t.confirmAction(n)}
      pending={approve.isPending}
      error={approve.error}
      errorFallback={t.approveFailed}
      onConfirm={confirm}
    >
      <ul className="flex flex-col gap-1 rounded-xl bg-ink-50 px-3.5 py-2.5 text-sm ring-1 ring-ink-200 ring-inset">
        {entries?.slice(0, NAMED).map((e) => (
          <li key={e.id} className="min-w-0 truncate">
            <span className="font-medium text-ink-900">{e.name}</span> <span className="text-ink-600">{e.email}</span>
          </li>
        ))}
        {n > NAMED && <li className="text-ink-600">{t.andMore(n - NAMED)}</li>}
      </ul>
      <p className="text-xs text-ink-500">{t.confirmNote}</p>
    </ConfirmDialog>
  );
}
