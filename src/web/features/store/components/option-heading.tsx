import type { ReactNode } from 'react';

/** The icon, title and sentence at the top of each way to connect. */
export function OptionHeading({ icon, title, body, badge }: { icon: ReactNode; title: string; body: string; badge?: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600">
        {icon}
      </span>
      <div className="min-w-0">
        <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-ink-900">
          {title}
          {badge}
        </h3>
        <p className="mt-0.5 text-sm text-ink-600">{body}</p>
      </div>
    </div>
  );
}
