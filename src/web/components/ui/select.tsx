import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlStyles } from './input.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native select with the Klipt look: keyboard, screen reader and phone pickers work as users
 * expect without any script.
 */
export function Select({
  options,
  placeholder,
  className,
  ref,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { options: readonly SelectOption[]; placeholder?: string; ref?: Ref<HTMLSelectElement> }) {
  return (
    <div className={cn('relative', className)}>
      <select ref={ref} className={cn(controlStyles, 'h-11 appearance-none pr-10')} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-ink-500"
      >
        <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
