import { useState } from 'react';
import type { ImageInspiration } from '#contracts/inspirations.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { COLLAPSE_AFTER, isLongPrompt, shortPrompt } from '../../lib/prompt-text.ts';
import { inspirationTexts } from '../../lib/texts.ts';

/** One kliptspiration: image, badges, the prompt (long ones collapsed) and 'Use this prompt'. */
export function InspirationCard({ item, onUse }: { item: ImageInspiration; onUse: (prompt: string) => void }) {
  const [expanded, setExpanded] = useState(false);
  const long = isLongPrompt(item.prompt);
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-[var(--shadow-card)]">
      <button
        type="button"
        onClick={() => onUse(item.prompt)}
        className="group relative block aspect-square w-full overflow-hidden bg-ink-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
        aria-label={inspirationTexts.exampleButton(shortPrompt(item.prompt, 60))}
      >
        <img
          src={item.thumbnailUrl}
          alt={shortPrompt(item.prompt, COLLAPSE_AFTER)}
          loading="lazy"
          decoding="async"
          width={384}
          height={384}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </button>
      <div className="flex flex-1 flex-col gap-2.5 p-3.5">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="brand">{item.category}</Badge>
          {item.subcategory && <Badge>{item.subcategory}</Badge>}
        </div>
        <p className="text-sm leading-relaxed break-words text-ink-700">
          {long && !expanded ? shortPrompt(item.prompt, COLLAPSE_AFTER) : item.prompt}
          {long && (
            <>
              {' '}
              <button
                type="button"
                onClick={() => setExpanded((v) => !v)}
                aria-expanded={expanded}
                className="rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline"
              >
                {expanded ? inspirationTexts.showLess : inspirationTexts.showMore}
              </button>
            </>
          )}
        </p>
        <Button variant="secondary" size="sm" className="mt-auto w-full" onClick={() => onUse(item.prompt)}>
          {inspirationTexts.promptButton}
        </Button>
      </div>
    </li>
  );
}
