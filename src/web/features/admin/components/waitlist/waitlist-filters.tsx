import { useId } from 'react';
import { waitlistSorts, waitlistStatusFilters } from '#contracts/admin-waitlist.ts';
import { Select } from '#web/components/ui/select.tsx';
import type { WaitlistFilters as Filters, WaitlistSort, WaitlistStatusFilter } from '../../api/waitlist.ts';
import { adminTexts } from '../../texts.ts';

const t = adminTexts.waitlist;

const statusOptions = waitlistStatusFilters.map((value) => ({ value, label: t.statusOptions[value] }));
const sortOptions = waitlistSorts.map((value) => ({ value, label: t.sortOptions[value] }));

const isStatus = (v: string): v is WaitlistStatusFilter => (waitlistStatusFilters as readonly string[]).includes(v);
const isSort = (v: string): v is WaitlistSort => (waitlistSorts as readonly string[]).includes(v);

/** Status (Pending first) and order (score or newest); each change reloads the list from page one. */
export function WaitlistFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const statusId = useId();
  const sortId = useId();
  return (
    <form
      aria-label={t.filtersLabel}
      onSubmit={(e) => e.preventDefault()}
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6"
    >
      <div className="flex min-w-0 flex-1 items-center gap-2.5 sm:flex-none">
        <label htmlFor={statusId} className="w-16 shrink-0 text-sm font-medium text-ink-700 sm:w-auto">
          {t.statusLabel}
        </label>
        <Select
          id={statusId}
          options={statusOptions}
          value={value.status}
          onChange={(e) => {
            if (isStatus(e.target.value)) onChange({ ...value, status: e.target.value });
          }}
          className="min-w-0 flex-1 sm:w-36 sm:flex-none"
        />
      </div>
      <div className="flex min-w-0 flex-1 items-center gap-2.5 sm:flex-none">
        <label htmlFor={sortId} className="w-16 shrink-0 text-sm font-medium text-ink-700 sm:w-auto">
          {t.sortLabel}
        </label>
        <Select
          id={sortId}
          options={sortOptions}
          value={value.sort}
          onChange={(e) => {
            if (isSort(e.target.value)) onChange({ ...value, sort: e.target.value });
          }}
          className="min-w-0 flex-1 sm:w-36 sm:flex-none"
        />
      </div>
    </form>
  );
}
