import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { brandKitMessages } from '#contracts/brand-kits.ts';
import { controlStyles } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { brandKitTexts } from '../texts.ts';

const MAX_WORDS = 30;
const MAX_WORD_LENGTH = 40;

/**
 * Words to avoid as chips: Enter or a comma adds what was typed, × removes a word. What the contract
 * refuses (too long, too many) is said at once with its message; a word already listed is not added twice.
 */
export function AvoidWordsField({
  words,
  onChange,
  error,
}: {
  words: readonly string[];
  onChange: (words: string[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  const add = (raw: string): boolean => {
    const word = raw.trim().replace(/\s+/g, ' ');
    if (!word) return true;
    if (words.some((w) => w.toLowerCase() === word.toLowerCase())) {
      setProblem(brandKitTexts.duplicateWord(word));
      return false;
    }
    if (word.length > MAX_WORD_LENGTH) {
      setProblem(brandKitMessages.avoidWordTooLong);
      return false;
    }
    if (words.length >= MAX_WORDS) {
      setProblem(brandKitMessages.tooManyAvoidWords);
      return false;
    }
    setProblem(null);
    onChange([...words, word]);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      if (add(draft)) setDraft('');
    } else if (event.key === 'Backspace' && draft === '' && words.length > 0) {
      onChange(words.slice(0, -1));
    }
  };

  const onType = (value: string) => {
    // A pasted "cheap, bargain" adds every word before the last comma.
    if (!value.includes(',')) {
      setDraft(value);
      return;
    }
    const parts = value.split(',');
    const rest = parts.pop() ?? '';
    let next = [...words];
    for (const part of parts) {
      const word = part.trim();
      if (!word || next.some((w) => w.toLowerCase() === word.toLowerCase())) continue;
      if (word.length > MAX_WORD_LENGTH) {
        setProblem(brandKitMessages.avoidWordTooLong);
        continue;
      }
      if (next.length >= MAX_WORDS) {
        setProblem(brandKitMessages.tooManyAvoidWords);
        break;
      }
      next = [...next, word];
    }
    onChange(next);
    setDraft(rest);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-800">
        {brandKitTexts.avoidWords}
      </label>
      <div
        className={cn(
          controlStyles,
          'flex min-h-11 flex-wrap items-center gap-1.5 px-2 py-1.5 focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-500/15',
          shown && 'border-danger-600',
        )}
      >
        {words.length > 0 && (
          <ul className="contents" aria-label={brandKitTexts.avoidWords} data-testid="avoid-words">
            {words.map((word) => (
              <li key={word} className="inline-flex items-center gap-1 rounded-lg bg-ink-100 py-0.5 pr-0.5 pl-2 text-sm text-ink-800">
                {word}
                <button
                  type="button"
                  className="grid size-6 place-items-center rounded-md text-ink-500 hover:bg-ink-200 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500"
                  aria-label={brandKitTexts.removeWord(word)}
                  onClick={() => {
                    setProblem(null);
                    onChange(words.filter((w) => w !== word));
                  }}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          value={draft}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (add(draft)) setDraft('');
          }}
          placeholder={words.length === 0 ? brandKitTexts.avoidWordsPlaceholder : undefined}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          enterKeyHint="done"
          autoComplete="off"
          className="h-8 min-w-32 flex-1 bg-transparent px-1.5 text-[15px] text-ink-900 outline-none placeholder:text-ink-400"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-ink-500">
        {brandKitTexts.avoidWordsHint} {brandKitTexts.avoidWordsCount(words.length, MAX_WORDS)}
      </p>
      {shown && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-600">
          {shown}
        </p>
      )}
    </div>
  );
}
