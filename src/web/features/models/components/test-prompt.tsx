import { useId, useState } from 'react';
import { modelsTexts } from '../texts.ts';

/** Prompts longer than this are cut on the card until 'Show more'. */
export const PROMPT_PREVIEW_CHARS = 100;

export function TestPrompt({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > PROMPT_PREVIEW_CHARS;
  return (
    <div>
      <p id={id} className="leading-relaxed break-words text-ink-700">
        {long && !expanded ? `${text.slice(0, PROMPT_PREVIEW_CHARS).trimEnd()}…` : text}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
          className="mt-1 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          {expanded ? modelsTexts.showLess : modelsTexts.showMore}
        </button>
      )}
    </div>
  );
}
