import { Tabs as T } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const Tabs = T.Root;

export function TabsList({ className, ...rest }: ComponentProps<typeof T.List>) {
  return <T.List className={cn('inline-flex gap-1 rounded-xl bg-ink-100 p-1', className)} {...rest} />;
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        'rounded-lg px-3.5 py-2 text-sm font-semibold text-ink-600 transition-colors hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:bg-white data-[state=active]:text-ink-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof T.Content>) {
  return <T.Content className={cn('mt-5 focus-visible:outline-none', className)} {...rest} />;
}
