import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlStyles } from './input.tsx';

export function Textarea({
  className,
  ref,
  rows = 4,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} rows={rows} className={cn(controlStyles, 'min-h-24 resize-y py-2.5 leading-relaxed', className)} {...rest} />;
}
