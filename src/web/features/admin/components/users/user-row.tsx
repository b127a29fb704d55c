import type { AdminUser } from '#contracts/admin-users.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDate } from '#web/lib/format-date.ts';
import { adminTexts } from '../../texts.ts';

const t = adminTexts.users;

/** The grid of a row and of the column headings above the rows (from lg up; below, each row is a card). */
export const userColumns = 'lg:grid-cols-[minmax(0,1fr)_7rem_6rem_4rem_auto]';

const count = (n: number) => n.toLocaleString('en-US');

/** One user: email, name and badges, when they joined, balance, klips, and the operator's actions. */
export function UserRow({
  user,
  isSelf,
  onAdjustCredits,
  onChangeRole,
}: {
  user: AdminUser;
  isSelf: boolean;
  onAdjustCredits: () => void;
  onChangeRole: () => void;
}) {
  const roleAction = user.isSuperAdmin ? t.removeSuperAdmin : t.makeSuperAdmin;
  return (
    <li data-testid="admin-user" className={`grid grid-cols-1 gap-y-3 px-4 py-4 lg:items-center lg:gap-x-4 lg:px-6 ${userColumns}`}>
      <div className="min-w-0">
        <p className="font-semibold break-all text-ink-900">{user.email}</p>
        <p className="truncate text-sm text-ink-600">{user.name}</p>
        <p className="mt-1.5 flex flex-wrap gap-1.5">
          <Badge tone={user.emailVerified ? 'success' : 'warning'}>{user.emailVerified ? t.verified : t.unverified}</Badge>
          {user.isSuperAdmin && <Badge tone="deal">{t.superAdmin}</Badge>}
          {isSelf && <Badge tone="brand">{t.you}</Badge>}
        </p>
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-700 lg:contents">
        <span>
          <span className="text-ink-500 lg:sr-only">{t.joined}: </span>
          <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
        </span>
        <span className="lg:text-right">
          <span className="text-ink-500 lg:sr-only">{t.balance}: </span>
          <span className="font-semibold text-ink-900 tabular-nums" data-testid="balance">
            {count(user.balance)}
          </span>
        </span>
        <span className="lg:text-right">
          <span className="text-ink-500 lg:sr-only">{t.klips}: </span>
          <span className="tabular-nums">{count(user.klipCount)}</span>
        </span>
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        <Button variant="secondary" size="sm" onClick={onAdjustCredits} aria-label={t.actionFor(t.adjustCredits, user.email)}>
          {t.adjustCredits}
        </Button>
        <Button
          variant={user.isSuperAdmin ? 'ghost' : 'secondary'}
          size="sm"
          onClick={onChangeRole}
          aria-label={t.actionFor(roleAction, user.email)}
        >
          {roleAction}
        </Button>
      </div>
    </li>
  );
}
