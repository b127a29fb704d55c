/** Long values (an error's text, a nested object) are cut here; the tooltip keeps all of it. */
const MAX_VALUE_LENGTH = 120;

function display(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** An entry's details as compact `key: value` pairs. */
export function ActivityDetails({ details }: { details: Record<string, unknown> | null }) {
  const pairs = Object.entries(details ?? {});
  if (pairs.length === 0) return null;
  return (
    <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-ink-600">
      {pairs.map(([key, value]) => {
        const full = display(value);
        const cut = full.length > MAX_VALUE_LENGTH;
        return (
          <div key={key} className="min-w-0 break-all">
            <dt className="inline text-ink-500">{key}:</dt>{' '}
            <dd className="inline font-mono text-ink-700" title={cut ? full : undefined}>
              {cut ? `${full.slice(0, MAX_VALUE_LENGTH)}…` : full}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
