import { cn } from '../../lib/cn.ts';
import { shellTexts } from '../../lib/texts.ts';

/** The Klipt mark and word. `tone="light"` for dark backgrounds; `compact` shows the word from the sm breakpoint only. */
export function Logo({ className, tone = 'dark', compact = false }: { className?: string; tone?: 'dark' | 'light'; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden="true">
        <defs>
          <linearGradient id="klipt-logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#ec4899" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill="url(#klipt-logo-g)" />
        <path
          d="M22 16v32M22 33l16-17M27 28l13 20"
          stroke="#fff"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
      </svg>
      <span
        className={cn(
          'text-xl font-extrabold tracking-tight',
          tone === 'light' ? 'text-white' : 'text-ink-950',
          compact && 'hidden sm:inline',
        )}
      >
        {shellTexts.brand}
      </span>
    </span>
  );
}
