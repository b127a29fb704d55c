import type { AdminWorkspace } from '#contracts/admin-workspaces.ts';
import { planById } from '#contracts/plans.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDate } from '#web/lib/format-date.ts';
import { adminTexts } from '../../texts.ts';

const t = adminTexts.workspaces;

/** The grid of a row and of the column headings above the rows (from lg up; below, each row is a card). */
export const workspaceColumns = 'lg:grid-cols-[minmax(0,1fr)_6rem_6rem_6rem_7rem_auto]';

const count = (n: number) => n.toLocaleString('en-US');

/** One workspace: name, kind and members, its plan and seats, balance, when it was made, and the operator's action. */
export function WorkspaceRow({ workspace, onAdjustCredits }: { workspace: AdminWorkspace; onAdjustCredits: () => void }) {
  const hidden = workspace.seatsUsed - workspace.members.length;
  const overSeats = workspace.seatsUsed > workspace.seats;
  return (
    <li
      data-testid="admin-workspace"
      className={`grid grid-cols-1 gap-y-3 px-4 py-4 lg:items-center lg:gap-x-4 lg:px-6 ${workspaceColumns}`}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-all text-ink-900">{workspace.name}</span>
          <Badge tone={workspace.kind === 'team' ? 'brand' : 'neutral'}>{t.kinds[workspace.kind]}</Badge>
        </p>
        <ul aria-label={t.members} className="mt-1 text-sm text-ink-600">
          {workspace.members.map((m) => (
            <li key={m.userId} className="truncate">
              {m.name} <span className="text-ink-500">· {m.email}</span> <span className="text-ink-500">· {t.roles[m.role]}</span>
            </li>
          ))}
          {hidden > 0 && <li className="text-ink-500">{t.moreMembers(hidden)}</li>}
        </ul>
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-700 lg:contents">
        <span>
          <span className="text-ink-500 lg:sr-only">{t.plan}: </span>
          <span data-testid="plan">{workspace.plan ? planById(workspace.plan).name : t.noPlan}</span>
        </span>
        <span className="lg:text-right">
          <span className="text-ink-500 lg:sr-only">{t.seats}: </span>
          <span className={overSeats ? 'font-semibold text-danger-700 tabular-nums' : 'tabular-nums'} data-testid="seats">
            {t.seatsUsed(workspace.seatsUsed, workspace.seats)}
          </span>
          {overSeats && <span className="sr-only"> ({t.overSeats})</span>}
        </span>
        <span className="lg:text-right">
          <span className="text-ink-500 lg:sr-only">{t.balance}: </span>
          <span className="font-semibold text-ink-900 tabular-nums" data-testid="balance">
            {count(workspace.balance)}
          </span>
        </span>
        <span>
          <span className="text-ink-500 lg:sr-only">{t.created}: </span>
          <time dateTime={workspace.createdAt}>{formatDate(workspace.createdAt)}</time>
        </span>
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        <Button variant="secondary" size="sm" onClick={onAdjustCredits} aria-label={t.actionFor(t.adjustCredits, workspace.name)}>
          {t.adjustCredits}
        </Button>
      </div>
    </li>
  );
}
