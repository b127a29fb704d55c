import { Slider as S } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A single-thumb slider; arrow keys, Page Up/Down, Home and End move it. */
export function Slider({ className, 'aria-label': ariaLabel, ...rest }: ComponentProps<typeof S.Root> & { 'aria-label'?: string }) {
  return (
    <S.Root className={cn('relative flex h-6 w-full touch-none items-center select-none', className)} {...rest}>
      <S.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-ink-200">
        <S.Range className="absolute h-full bg-brand-600" />
      </S.Track>
      <S.Thumb
        aria-label={ariaLabel}
        className="block size-5 rounded-full border-2 border-brand-600 bg-white shadow transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      />
    </S.Root>
  );
}
