import { useId } from 'react';
import { activityTypes, type ActivityType } from '#contracts/activity.ts';
import { Select } from '#web/components/ui/select.tsx';
import { adminTexts } from '../../texts.ts';

const options = activityTypes.map((type) => ({ value: type, label: adminTexts.activityTypeLabels[type] }));
const isActivityType = (value: string): value is ActivityType => (activityTypes as readonly string[]).includes(value);

/** 'All types' or one type of entry. */
export function ActivityTypeFilter({
  value,
  onChange,
}: {
  value: ActivityType | undefined;
  onChange: (type: ActivityType | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-none">
      <label htmlFor={id} className="text-sm font-medium text-ink-800">
        {adminTexts.activity.typeFilter}
      </label>
      <Select
        id={id}
        value={value ?? ''}
        placeholder={adminTexts.activity.allTypes}
        options={options}
        onChange={(event) => onChange(isActivityType(event.target.value) ? event.target.value : undefined)}
        className="w-full sm:w-60"
      />
    </div>
  );
}
