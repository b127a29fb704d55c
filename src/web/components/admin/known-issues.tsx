import { Bug } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { KnownIssuesPanel } from './known-issues-panel.tsx';
import { useKnownIssues } from './known-issues-api.ts';
import { knownIssuesTexts } from '../../lib/texts.ts';

/**
 * The Known Issues button at the bottom right of every app page, for super admins (the app shell
 * loads this module only for them), and the panel it opens. Closed by default.
 */
export default function KnownIssues() {
  const [open, setOpen] = useState(false);
  const issues = useKnownIssues();
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const count = issues.data?.issues.length;

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <>
      {/* Room at the end of the page, so the floating button never sits on its last line for good. */}
      <div aria-hidden="true" className="h-20" />
      {open && <KnownIssuesPanel id={panelId} onClose={close} />}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
        className="fixed right-4 bottom-4 z-30 inline-flex h-11 items-center gap-2 rounded-full bg-ink-900 pr-3 pl-4 text-sm font-semibold text-white shadow-[var(--shadow-pop)] transition-colors hover:bg-ink-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <Bug className="size-4" aria-hidden="true" />
        {knownIssuesTexts.title}
        {count !== undefined && (
          <span className="min-w-6 rounded-full bg-deal-400 px-1.5 py-0.5 text-center text-xs font-bold text-ink-950 tabular-nums">
            {count}
          </span>
        )}
      </button>
    </>
  );
}
