import type { ActivityLogEntry, ActivityType } from '#contracts/activity.ts';
import { RelativeTime } from '#web/components/admin/relative-time.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatDate } from '#web/lib/format-date.ts';
import { ActivityDetails } from './activity-details.tsx';
import { adminTexts } from '../../texts.ts';

// Failures stand out, money in is green, what an admin did is in the brand colour, the rest stays quiet.
const typeTones: Record<ActivityType, BadgeTone> = {
  sign_up: 'neutral',
  email_verified: 'neutral',
  generation_succeeded: 'neutral',
  generation_failed: 'danger',
  purchase: 'success',
  renewal: 'success',
  payment_failed: 'danger',
  subscription_changed: 'neutral',
  subscription_canceled: 'warning',
  waitlist_approved: 'brand',
  role_changed: 'brand',
  credit_adjustment: 'brand',
  klip_visibility_changed: 'brand',
  klip_deleted: 'brand',
  model_toggled: 'brand',
  trained_model_visibility_changed: 'brand',
  webhook_delivered: 'neutral',
  webhook_failed: 'danger',
  store_connected: 'success',
  store_disconnected: 'neutral',
  store_webhook: 'neutral',
};

/** The columns at md and up; below, each entry stacks. */
export const activityColumns = 'md:grid-cols-[9rem_11rem_minmax(0,1fr)_minmax(0,13rem)]';

/** One row of the log: when (relative, exact underneath), what kind, what happened with its details, and who. */
export function ActivityEntry({ entry }: { entry: ActivityLogEntry }) {
  return (
    <li
      className={cn('grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-4 py-3 sm:px-6 md:items-start', activityColumns)}
      data-testid="activity-entry"
    >
      <span className="order-2 text-right text-xs text-ink-600 md:order-none md:text-left md:text-sm">
        <span className="sr-only">{adminTexts.activity.time}: </span>
        <RelativeTime iso={entry.createdAt} className="text-ink-800" />
        <span className="block text-xs text-ink-500 max-md:hidden">{formatDate(entry.createdAt, 'dateTime')}</span>
      </span>
      <span className="order-1 md:order-none">
        <Badge tone={typeTones[entry.type]}>{adminTexts.activityTypeLabels[entry.type]}</Badge>
      </span>
      <div className="order-3 col-span-2 min-w-0 md:order-none md:col-span-1">
        <p className="text-sm break-words text-ink-900">{entry.message}</p>
        <ActivityDetails details={entry.details} />
      </div>
      <span
        className="order-4 col-span-2 min-w-0 truncate text-xs text-ink-600 md:order-none md:col-span-1 md:text-sm"
        title={entry.actorEmail ?? undefined}
      >
        <span className="md:sr-only">{adminTexts.activity.actor} </span>
        {entry.actorEmail ?? <span className="text-ink-500">{adminTexts.activity.system}</span>}
      </span>
    </li>
  );
}
