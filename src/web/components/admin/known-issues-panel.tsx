import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useLatestRef } from '../../lib/use-latest-ref.ts';
import { LoadError } from '../ui/load-error.tsx';
import { AddKnownIssueForm } from './add-known-issue-form.tsx';
import { KnownIssueItem } from './known-issue-item.tsx';
import { useKnownIssues } from './known-issues-api.ts';
import { knownIssuesTexts } from '../../lib/texts.ts';

/**
 * The open panel: not modal (the page stays usable beside it), a sheet across the bottom on phones and
 * a card above the button from sm up. Focus lands on its title; Escape or the close button closes it.
 */
export function KnownIssuesPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const issues = useKnownIssues();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const close = useLatestRef(onClose);

  useEffect(() => {
    title.current?.focus();
    // On the document, so an edit's or a confirmation's own Escape (which stops the event) comes first.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && event.target instanceof Node && panel.current?.contains(event.target)) close.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [close]);

  let list;
  if (issues.isPending) {
    list = (
      <ul aria-hidden="true" className="divide-y divide-ink-100">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="flex flex-col gap-2 px-4 py-3">
            <div className="h-4 w-full animate-pulse rounded bg-ink-100" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-ink-100" />
          </li>
        ))}
      </ul>
    );
  } else if (issues.isError && !issues.data) {
    list = <LoadError title={knownIssuesTexts.loadFailed} query={issues} className="p-4" />;
  } else if (issues.data.issues.length === 0) {
    list = <p className="px-4 py-6 text-center text-sm text-ink-600">{knownIssuesTexts.empty}</p>;
  } else {
    list = (
      <ul aria-labelledby={titleId} className="divide-y divide-ink-100">
        {issues.data.issues.map((issue) => (
          <KnownIssueItem key={issue.id} issue={issue} onDeleted={() => title.current?.focus()} />
        ))}
      </ul>
    );
  }

  return (
    <section
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      ref={panel}
      aria-busy={issues.isPending}
      className="fixed inset-x-0 bottom-0 z-40 flex max-h-[85dvh] flex-col rounded-t-2xl border border-ink-200 bg-white shadow-[var(--shadow-pop)] animate-slide-up sm:inset-x-auto sm:right-4 sm:bottom-20 sm:max-h-[min(36rem,calc(100dvh-7rem))] sm:w-96 sm:rounded-2xl"
    >
      <div className="flex items-center justify-between gap-3 border-b border-ink-100 py-2 pr-2 pl-4">
        <h2
          id={titleId}
          ref={title}
          tabIndex={-1}
          className="rounded-md text-base font-semibold text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          {knownIssuesTexts.title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={knownIssuesTexts.close}
          className="grid size-9 place-items-center rounded-lg text-ink-500 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <AddKnownIssueForm />
      <div className="min-h-0 flex-1 overflow-y-auto">{list}</div>
    </section>
  );
}
