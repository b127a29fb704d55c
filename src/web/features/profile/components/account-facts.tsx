import { formatDate } from '#web/lib/format-date.ts';
import { profileTexts } from '../texts.ts';

/** Read-only account details: email, joined date, last profile update. */
export function AccountFacts({ email, joinedAt, updatedAt }: { email: string; joinedAt: string; updatedAt: string }) {
  const facts = [
    { label: profileTexts.email, value: email },
    { label: profileTexts.joined, value: <time dateTime={joinedAt}>{formatDate(joinedAt, 'long')}</time> },
    { label: profileTexts.lastUpdated, value: <time dateTime={updatedAt}>{formatDate(updatedAt, 'dateTime')}</time> },
  ];
  return (
    <dl className="grid gap-3 rounded-xl bg-ink-50 p-4 text-sm ring-1 ring-ink-100 ring-inset sm:grid-cols-3">
      {facts.map((fact) => (
        <div key={fact.label} className="min-w-0">
          <dt className="text-xs font-medium text-ink-500">{fact.label}</dt>
          <dd className="mt-0.5 font-medium break-words text-ink-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
