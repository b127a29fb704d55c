import { useState } from 'react';
import { PROMPT_MAX } from '#contracts/prompts.ts';
import { InspirationModal } from '#web/components/inspirations/image-inspiration-modal.tsx';
import { GetInspiredButton } from '#web/components/studio/get-inspired-button.tsx';
import { EnhanceButton, PromptFeedback, usePromptEnhance, type EnhanceNote } from '#web/components/studio/prompt-enhance.tsx';
import { SectionHeading } from '#web/components/studio/section-heading.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { batchesTexts } from '../texts.ts';

/** The one prompt every photo of the batch is generated with: Get Inspired and Enhance, as in the image editor. */
export function BatchPrompt({
  step,
  id,
  prompt,
  onChange,
  brandKitId,
}: {
  step: number;
  id: string;
  prompt: string;
  onChange: (prompt: string) => void;
  /** 'Use brand kit': Enhance follows the kit. */
  brandKitId?: string | null | undefined;
}) {
  const [note, setNote] = useState<EnhanceNote>(null);
  const enhance = usePromptEnhance(
    prompt,
    (better, enhanced) => {
      onChange(better);
      setNote(enhanced);
    },
    brandKitId,
  );
  const { error, setError } = enhance;
  const [inspiring, setInspiring] = useState(false);
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;

  return (
    <div className="flex flex-col gap-2">
      <SectionHeading step={step} htmlFor={id} aside={<GetInspiredButton onClick={() => setInspiring(true)} />}>
        {batchesTexts.prompt}
      </SectionHeading>
      <Textarea
        id={id}
        rows={5}
        value={prompt}
        maxLength={PROMPT_MAX}
        placeholder={batchesTexts.promptPlaceholder}
        disabled={enhance.pending}
        onChange={(e) => {
          setError(null);
          setNote(null);
          onChange(e.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <div className="flex flex-wrap items-center gap-2">
        <EnhanceButton onClick={enhance.run} pending={enhance.pending} />
        <span className="ml-auto text-xs text-ink-400 tabular-nums" aria-hidden="true">
          {prompt.length} / {PROMPT_MAX}
        </span>
      </div>
      <PromptFeedback note={note} error={error} noteId={noteId} errorId={errorId} />
      <InspirationModal
        open={inspiring}
        onOpenChange={setInspiring}
        onUse={(inspiration) => {
          setError(null);
          setNote(null);
          onChange(inspiration);
        }}
      />
    </div>
  );
}
