import { toast } from '#web/components/ui/toast.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { modelsTexts } from '../texts.ts';

/** The word a prompt must contain to call the model, in a code chip with a copy button. */
export function TriggerWord({ word }: { word: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(word);
      toast(modelsTexts.copied(word), 'success');
    } catch {
      // No clipboard (an insecure page, or the browser refused): the word stays selectable.
      toast(modelsTexts.copyFailed, 'error');
    }
  }

  return (
    <div className="flex min-w-0 items-center gap-1">
      <code className="min-w-0 rounded-md bg-ink-100 px-2 py-1 font-mono text-[13px] font-semibold break-all text-ink-800 ring-1 ring-ink-200 ring-inset">
        {word}
      </code>
      <Tooltip content={modelsTexts.copyTriggerWord}>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={`${modelsTexts.copyTriggerWord} ${word}`}
          className="grid size-9 shrink-0 place-items-center rounded-lg text-ink-500 transition-colors hover:bg-ink-100 hover:text-ink-800"
        >
          <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
            <rect x="7" y="7" width="9.5" height="9.5" rx="2" />
            <path d="M13 4.5V4a1.5 1.5 0 0 0-1.5-1.5H5A1.5 1.5 0 0 0 3.5 4v6.5A1.5 1.5 0 0 0 5 12h.5" strokeLinecap="round" />
          </svg>
        </button>
      </Tooltip>
    </div>
  );
}
