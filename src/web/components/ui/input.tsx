import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn.ts';

export const controlStyles =
  'w-full rounded-xl border border-ink-200 bg-white px-3.5 text-[15px] text-ink-900 shadow-xs transition-colors placeholder:text-ink-400 hover:border-ink-300 focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-500/15 disabled:cursor-not-allowed disabled:bg-ink-50 disabled:text-ink-500 aria-[invalid=true]:border-danger-600 aria-[invalid=true]:focus:ring-danger-600/15';

export function Input({ className, ref, ...rest }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(controlStyles, 'h-11', className)} {...rest} />;
}
