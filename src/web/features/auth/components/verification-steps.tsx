import { authTexts } from '../texts.ts';

/** The verify page's next steps (check inbox, click link, return). */
export function VerificationSteps() {
  return (
    <ol className="flex flex-col gap-3" aria-label={authTexts.nextSteps}>
      {authTexts.steps.map((step, i) => (
        <li key={step.title} className="flex gap-3">
          <span
            aria-hidden="true"
            className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-700"
          >
            {i + 1}
          </span>
          <div className="min-w-0 pt-0.5">
            <p className="text-sm font-semibold text-ink-900">{step.title}</p>
            <p className="text-sm text-ink-600">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
