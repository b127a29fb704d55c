import { useId } from 'react';

/** Checkboxes with a label and a line of description each (scopes, events), in a fieldset with its legend and error. */
export function ChoiceList<T extends string>({
  legend,
  options,
  info,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  options: readonly T[];
  info: Record<T, { label: string; description: string }>;
  chosen: ReadonlySet<T>;
  onChange: (next: Set<T>) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-ink-800">{legend}</legend>
      <div className="mt-2 flex flex-col gap-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-ink-200 px-3 py-2.5 hover:border-ink-300 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50/50"
          >
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
              checked={chosen.has(option)}
              // Named by its label alone; the description is read after it.
              aria-label={info[option].label}
              aria-describedby={`${id}-${option}`}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(option);
                else next.delete(option);
                onChange(next);
              }}
            />
            <span className="min-w-0 text-sm font-semibold text-ink-900">
              {info[option].label}
              <span id={`${id}-${option}`} className="block text-xs font-normal text-ink-600">
                {info[option].description}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-danger-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
