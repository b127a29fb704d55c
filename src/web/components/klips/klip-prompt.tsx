import { useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { klipTexts } from '../../lib/texts.ts';

/** Prompts longer than this are cut until 'Show more' (docs/product-rules.md#generation). */
export const PROMPT_PREVIEW_CHARS = 100;

export function KlipPrompt({ prompt, id, className }: { prompt: string; id?: string; className?: string }) {
  const [expanded, setExpanded] = useState(false);
  const ownId = useId();
  const textId = id ?? ownId;
  const long = prompt.length > PROMPT_PREVIEW_CHARS;
  return (
    <div className={className}>
      <p id={textId} className="text-sm leading-relaxed break-words text-ink-800">
        {long && !expanded ? `${prompt.slice(0, PROMPT_PREVIEW_CHARS).trimEnd()}…` : prompt}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((v) => !v)}
          className={cn(
            'mt-0.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          )}
        >
          {expanded ? klipTexts.showLess : klipTexts.showMore}
        </button>
      )}
    </div>
  );
}
