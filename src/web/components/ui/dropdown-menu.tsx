import { DropdownMenu as M } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Not modal: a modal Radix menu hides the rest of the page with aria-hidden while its own trigger,
 * still focusable, sits in that hidden part (axe: aria-hidden-focus). Focus still moves into the
 * menu and back; Escape and a click outside close it.
 */
export function DropdownMenu({ modal = false, ...rest }: ComponentProps<typeof M.Root>) {
  return <M.Root modal={modal} {...rest} />;
}
export const DropdownMenuTrigger = M.Trigger;

/** A menu opened by a button: arrow keys move, Enter selects, Escape closes, focus returns. */
export function DropdownMenuContent({ className, align = 'end', ...rest }: ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        align={align}
        sideOffset={8}
        className={cn(
          'z-50 min-w-56 rounded-xl border border-ink-200 bg-white p-1.5 shadow-[var(--shadow-pop)] data-[state=open]:animate-fade-in',
          className,
        )}
        {...rest}
      />
    </M.Portal>
  );
}

export function DropdownMenuItem({ className, ...rest }: ComponentProps<typeof M.Item>) {
  return (
    <M.Item
      className={cn(
        'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm font-medium text-ink-700 outline-none select-none data-[highlighted]:bg-ink-100 data-[highlighted]:text-ink-950 data-[disabled]:opacity-50',
        className,
      )}
      {...rest}
    />
  );
}

export function DropdownMenuLabel({ className, ...rest }: ComponentProps<typeof M.Label>) {
  return <M.Label className={cn('px-2.5 py-2 text-xs text-ink-500', className)} {...rest} />;
}

export function DropdownMenuSeparator() {
  return <M.Separator className="my-1 h-px bg-ink-100" />;
}

export const DropdownMenuRadioGroup = M.RadioGroup;

/** One choice of several (role menuitemradio, aria-checked): a check marks the chosen one. */
export function DropdownMenuRadioItem({ className, children, ...rest }: ComponentProps<typeof M.RadioItem>) {
  return (
    <M.RadioItem
      className={cn(
        'flex cursor-pointer items-center gap-2.5 rounded-lg py-2 pr-8 pl-2.5 text-sm font-medium text-ink-700 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-ink-100 data-[highlighted]:text-ink-950 relative',
        className,
      )}
      {...rest}
    >
      {children}
      <M.ItemIndicator className="absolute right-2.5 text-brand-600">
        <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
          <path
            d="m4.5 10.5 3.5 3.5 7.5-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </M.ItemIndicator>
    </M.RadioItem>
  );
}
