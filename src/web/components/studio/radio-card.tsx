import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** One choice of a model list: a radio with an icon, a title, a detail line and an optional action beside it. */
export function RadioCard({
  name,
  checked,
  onChange,
  title,
  detail,
  icon,
  action,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  title: ReactNode;
  detail: ReactNode;
  icon: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'relative flex items-start rounded-xl border transition-colors',
        checked ? 'border-brand-500 bg-brand-50/70 ring-1 ring-brand-500' : 'border-ink-200 bg-white hover:border-ink-300',
      )}
    >
      <label className="flex min-w-0 flex-1 cursor-pointer items-start gap-3 p-3 pr-1">
        <input
          type="radio"
          name={name}
          checked={checked}
          onChange={onChange}
          className="peer mt-2.5 size-4 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-ink-300 bg-white transition-[border] checked:border-[5px] checked:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        />
        <span
          aria-hidden="true"
          className={cn(
            'grid size-9 shrink-0 place-items-center rounded-lg',
            checked ? 'bg-brand-600 text-white' : 'bg-ink-100 text-ink-600',
          )}
        >
          {icon}
        </span>
        <span className="min-w-0">
          <span className="block text-sm font-semibold text-ink-900">{title}</span>
          <span className="mt-0.5 block text-xs leading-relaxed text-ink-600">{detail}</span>
        </span>
      </label>
      {action && <div className="shrink-0 p-2">{action}</div>}
    </div>
  );
}
