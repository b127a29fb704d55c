import type { ReactNode } from 'react';

const bubble = 'grid size-6 shrink-0 place-items-center rounded-full bg-ink-900 text-[11px] font-bold text-white tabular-nums';
const title = 'flex items-center gap-2.5 text-[15px] font-semibold text-ink-900';

/**
 * A numbered heading of the editor's control column ("1 Model", "2 Format", "3 Prompt"). With
 * `htmlFor` it is the label of that control instead of a heading.
 */
export function SectionHeading({
  step,
  id,
  htmlFor,
  children,
  aside,
}: {
  step: number;
  id?: string;
  htmlFor?: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const content = (
    <>
      <span aria-hidden="true" className={bubble}>
        {step}
      </span>
      {children}
    </>
  );
  return (
    <div className="flex min-h-9 items-center justify-between gap-3">
      {htmlFor ? (
        <label id={id} htmlFor={htmlFor} className={title}>
          {content}
        </label>
      ) : (
        <h2 id={id} className={title}>
          {content}
        </h2>
      )}
      {aside}
    </div>
  );
}
