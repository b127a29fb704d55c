import { Dialog as D } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { cn } from '../../lib/cn.ts';
import { uiTexts } from '../../lib/texts.ts';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

/**
 * A centred modal: focus trapped, Escape and the close button dismiss it, title announced. Closed,
 * it gives focus back to what opened it, or to `returnFocusTo` when that was a menu item that is gone.
 */
export function DialogContent({
  title,
  description,
  children,
  className,
  size = 'md',
  returnFocusTo,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-5xl' } as const;
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-ink-950/60 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <D.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-[var(--shadow-pop)] focus:outline-none data-[state=open]:animate-pop-in',
          widths[size],
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <div className="flex items-start justify-between gap-4 border-b border-ink-100 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <D.Title className="text-lg font-semibold text-ink-900">{title}</D.Title>
            {description && <D.Description className="mt-1 text-sm text-ink-600">{description}</D.Description>}
          </div>
          <D.Close
            className="-m-1.5 grid size-9 shrink-0 place-items-center rounded-lg text-ink-500 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500"
            aria-label={uiTexts.close}
          >
            <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
              <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </D.Close>
        </div>
        <div className="overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
      </D.Content>
    </D.Portal>
  );
}
