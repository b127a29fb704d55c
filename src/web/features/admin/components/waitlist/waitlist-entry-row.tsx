import type { AdminWaitlistEntry } from '#contracts/admin-waitlist.ts';
import { expectedPlanOptions, type WaitlistStatus } from '#contracts/waitlist.ts';
import { waitlistRoleLabels } from '#web/lib/texts.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDate } from '#web/lib/format-date.ts';
import { adminTexts } from '../../texts.ts';
import { WAITLIST_MAX_SCORE } from './max-score.ts';

const t = adminTexts.waitlist;

const statusTones: Record<WaitlistStatus, BadgeTone> = { pending: 'warning', approved: 'success', rejected: 'neutral' };

const planLabel = (plan: AdminWaitlistEntry['expectedPlan']) => expectedPlanOptions.find((o) => o.value === plan)?.label ?? t.notGiven;

/** The grid of a row and of the column headings above the rows (from md up; below, each row is a card). */
export const waitlistColumns = 'md:grid-cols-[1.25rem_minmax(0,1fr)_11rem_4.5rem_7rem_6rem_7.5rem]';

export const checkboxStyles =
  'size-4 shrink-0 cursor-pointer rounded accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed';

/** Whether approving the entry would change anything (approved entries are left as they are). */
export const isApprovable = (entry: AdminWaitlistEntry) => entry.status !== 'approved';

/** One entry: who, what they do and expect to buy, score, when they joined, status, and its selection and Approve. */
export function WaitlistEntryRow({
  entry,
  selected,
  onSelectedChange,
  onApprove,
}: {
  entry: AdminWaitlistEntry;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onApprove: () => void;
}) {
  const approvable = isApprovable(entry);
  return (
    <li
      data-testid="waitlist-entry"
      className={`grid grid-cols-[1.25rem_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2.5 px-4 py-4 md:items-center md:gap-x-4 md:px-6 ${waitlistColumns} ${selected ? 'bg-brand-50/60' : ''}`}
    >
      <span className="order-1 flex h-6 items-center md:order-none md:h-auto">
        {approvable && (
          <input
            type="checkbox"
            className={checkboxStyles}
            checked={selected}
            onChange={(e) => onSelectedChange(e.target.checked)}
            aria-label={t.select(entry.name)}
          />
        )}
      </span>
      <div className="order-2 min-w-0 md:order-none">
        <p className="truncate font-semibold text-ink-900">{entry.name}</p>
        <p className="text-sm break-all text-ink-600">{entry.email}</p>
        {entry.company && <p className="truncate text-xs text-ink-500">{entry.company}</p>}
      </div>
      <div className="order-4 col-[2/-1] flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-700 md:contents">
        <div className="flex flex-wrap gap-x-5 gap-y-1 md:flex-col md:gap-0.5">
          <span>
            <span className="text-ink-500 md:sr-only">{t.role}: </span>
            {entry.role ? waitlistRoleLabels[entry.role] : t.notGiven}
          </span>
          <span className="md:text-xs md:text-ink-500">
            <span className="text-ink-500 md:sr-only">{t.plan}: </span>
            {planLabel(entry.expectedPlan)}
          </span>
        </div>
        <span className="md:text-right">
          <span className="text-ink-500 md:sr-only">{t.score}: </span>
          <span className="font-semibold text-ink-900 tabular-nums">{entry.score}</span>
          <span aria-hidden="true" className="text-ink-400">
            /{WAITLIST_MAX_SCORE}
          </span>
          <span className="sr-only">{t.outOf}</span>
        </span>
        <span>
          <span className="text-ink-500 md:sr-only">{t.joined}: </span>
          <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
        </span>
      </div>
      <span className="order-3 justify-self-end md:order-none md:justify-self-start">
        <Badge tone={statusTones[entry.status]}>{t.statuses[entry.status]}</Badge>
      </span>
      <span className="order-5 col-[2/-1] empty:hidden md:order-none md:col-auto md:justify-self-end md:empty:block">
        {approvable && (
          <Button variant="secondary" size="sm" onClick={onApprove} aria-label={t.approveOne(entry.name)}>
            {t.approve}
          </Button>
        )}
      </span>
    </li>
  );
}
