import { Tooltip as T } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/**
 * Hover and keyboard-focus hint. Each tooltip carries its own provider so pages that use none
 * do not load the positioning code.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'bottom' | 'left' | 'right';
}) {
  return (
    <T.Provider delayDuration={250}>
      <T.Root>
        <T.Trigger asChild>{children}</T.Trigger>
        <T.Portal>
          <T.Content
            side={side}
            sideOffset={6}
            className="z-[60] max-w-64 rounded-lg bg-ink-900 px-2.5 py-1.5 text-xs leading-snug font-medium text-white shadow-lg data-[state=delayed-open]:animate-fade-in"
          >
            {content}
            <T.Arrow className="fill-ink-900" />
          </T.Content>
        </T.Portal>
      </T.Root>
    </T.Provider>
  );
}
