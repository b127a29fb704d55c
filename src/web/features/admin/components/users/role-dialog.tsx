import type { AdminUser } from '#contracts/admin-users.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { useSetUserRole } from '../../api/users.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { adminTexts } from '../../texts.ts';

const t = adminTexts.users;

/**
 * 'Make super admin' or 'Remove super admin', confirmed first. The server refuses removing the last
 * super admin; its reason shows in the dialog.
 */
export function RoleDialog({ user, isSelf, onClose }: { user: AdminUser | null; isSelf: boolean; onClose: () => void }) {
  const setRole = useSetUserRole();
  const demote = user?.isSuperAdmin ?? false;

  const close = (open: boolean) => {
    if (open) return;
    setRole.reset();
    onClose();
  };

  const confirm = () => {
    if (!user) return;
    setRole.mutate(
      { userId: user.id, superAdmin: !demote },
      {
        onSuccess: ({ isSuperAdmin }) => {
          toast(isSuperAdmin ? t.promoted(user.email) : t.demoted(user.email), 'success');
          close(false);
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={close}
      title={user ? (demote ? t.demoteTitle(user.email) : t.promoteTitle(user.email)) : ''}
      description={demote ? (isSelf ? t.demoteSelfBody : t.demoteBody) : t.promoteBody}
      confirmLabel={demote ? t.demoteAction : t.promoteAction}
      tone={demote ? 'danger' : 'primary'}
      pending={setRole.isPending}
      error={setRole.error}
      errorFallback={t.roleFailed}
      onConfirm={confirm}
    />
  );
}
