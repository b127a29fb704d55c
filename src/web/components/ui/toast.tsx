import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn.ts';
import { uiTexts } from '../../lib/texts.ts';

type ToastTone = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}

// A tiny store outside React so any code (mutations, event handlers) can raise a toast.
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

/** Shows a short notice at the bottom of the screen for a few seconds. */
export function toast(message: string, tone: ToastTone = 'info', durationMs = 4000): void {
  const id = nextId++;
  items = [...items.slice(-3), { id, tone, message }];
  emit();
  setTimeout(() => dismiss(id), durationMs);
}

const toneStyles: Record<ToastTone, string> = {
  success: 'bg-ink-900 text-white [&_[data-dot]]:bg-green-400',
  error: 'bg-danger-700 text-white [&_[data-dot]]:bg-white',
  info: 'bg-ink-900 text-white [&_[data-dot]]:bg-brand-400',
};

export function Toaster() {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
    () => items,
  );
  return (
    <div
      aria-live="polite"
      aria-atomic="false"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[90] flex flex-col items-center gap-2 px-4"
    >
      {current.map((t) => (
        <div
          key={t.id}
          role={t.tone === 'error' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex max-w-md items-center gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-[var(--shadow-pop)] animate-slide-up',
            toneStyles[t.tone],
          )}
        >
          <span data-dot className="size-2 shrink-0 rounded-full" aria-hidden="true" />
          <span>{t.message}</span>
          <button
            type="button"
            onClick={() => dismiss(t.id)}
            className="ml-1 rounded-md px-1 text-white/70 hover:text-white"
            aria-label={uiTexts.dismiss}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
