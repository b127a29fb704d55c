import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { ACTIVITY_LOG_LIMIT, type ActivityType } from '#contracts/activity.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { cn } from '#web/lib/cn.ts';
import { useActivityLog } from '../api/activity.ts';
import { ActivityEntry, activityColumns } from '../components/activity/activity-entry.tsx';
import { ActivityTypeFilter } from '../components/activity/activity-type-filter.tsx';
import { adminTexts } from '../texts.ts';

function Skeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-ink-100">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="flex gap-4 px-6 py-4">
          <div className="h-4 w-24 animate-pulse rounded bg-ink-100" />
          <div className="h-4 w-28 animate-pulse rounded bg-ink-100" />
          <div className="h-4 flex-1 animate-pulse rounded bg-ink-100" />
        </li>
      ))}
    </ul>
  );
}

/** God Mode's activity log: the latest 100 entries, newest first, of every type or one. */
export default function ActivityTab() {
  const [type, setType] = useState<ActivityType | undefined>(undefined);
  const activity = useActivityLog(type);
  const entries = activity.data?.entries ?? [];

  let body;
  if (activity.isPending) {
    body = <Skeleton />;
  } else if (activity.isError && !activity.data) {
    body = <LoadError title={adminTexts.activity.loadFailed} query={activity} className="p-6" />;
  } else if (entries.length === 0) {
    body = <p className="p-8 text-center text-ink-600">{type ? adminTexts.activity.emptyFiltered : adminTexts.activity.empty}</p>;
  } else {
    body = (
      <>
        {activity.isRefetchError && (
          <Alert tone="error" className="m-4">
            {adminTexts.activity.refreshFailed} {userMessage(activity.error)}
          </Alert>
        )}
        <div
          aria-hidden="true"
          className={cn(
            'hidden gap-x-4 border-b border-ink-100 px-6 py-3 text-xs font-semibold tracking-wide text-ink-500 uppercase md:grid',
            activityColumns,
          )}
        >
          <span>{adminTexts.activity.time}</span>
          <span>{adminTexts.activity.type}</span>
          <span>{adminTexts.activity.message}</span>
          <span>{adminTexts.activity.actor}</span>
        </div>
        <ul aria-label={adminTexts.activity.listLabel} className="divide-y divide-ink-100">
          {entries.map((entry) => (
            <ActivityEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      </>
    );
  }

  const refreshing = activity.isFetching && !activity.isPending;
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 border-b border-ink-100 p-4 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div>
          <h2 className="text-lg font-semibold text-ink-900">{adminTexts.activity.title}</h2>
          <p className="text-sm text-ink-600">{adminTexts.activity.subtitle(ACTIVITY_LOG_LIMIT)}</p>
        </div>
        <div className="flex items-end gap-2">
          <ActivityTypeFilter value={type} onChange={setType} />
          <Button variant="secondary" onClick={() => void activity.refetch()} loading={refreshing} disabled={activity.isPending}>
            {!refreshing && <RefreshCw className="size-4" aria-hidden="true" />}
            {adminTexts.activity.refresh}
          </Button>
        </div>
      </div>
      <div aria-busy={activity.isFetching}>{body}</div>
    </Card>
  );
}
