import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { RewriteDialog } from './rewrite-dialog.tsx';
import { GetInspiredButton } from '#web/components/studio/get-inspired-button.tsx';
import { EnhanceButton, PromptFeedback, usePromptEnhance, type EnhanceNote } from '#web/components/studio/prompt-enhance.tsx';
import { SectionHeading } from '#web/components/studio/section-heading.tsx';
import { imageStudioTexts } from '../texts.ts';

export const PROMPT_MAX = 2000;

/** The prompt with Get Inspired, Rewrite (only with a prompt) and Enhance. */
export function PromptEditor({
  step,
  id,
  prompt,
  placeholder,
  enhanceNote,
  onType,
  onEnhanced,
  onRewritten,
  onInspire,
  disabled,
  brandKitId,
}: {
  step: number;
  id: string;
  prompt: string;
  placeholder: string;
  enhanceNote: EnhanceNote;
  onType: (prompt: string) => void;
  onEnhanced: (prompt: string, note: EnhanceNote) => void;
  onRewritten: (prompt: string) => void;
  onInspire: () => void;
  disabled?: boolean;
  /** 'Use brand kit': Enhance and Rewrite follow the kit. */
  brandKitId?: string | null | undefined;
}) {
  const enhance = usePromptEnhance(prompt, onEnhanced, brandKitId);
  const { error, setError } = enhance;
  const [rewriting, setRewriting] = useState(false);
  const hasPrompt = prompt.trim() !== '';
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;

  return (
    <div className="flex flex-col gap-2">
      <SectionHeading step={step} htmlFor={id} aside={<GetInspiredButton onClick={onInspire} />}>
        {imageStudioTexts.prompt}
      </SectionHeading>
      <Textarea
        id={id}
        rows={5}
        value={prompt}
        maxLength={PROMPT_MAX}
        placeholder={placeholder}
        disabled={disabled || enhance.pending}
        onChange={(e) => {
          setError(null);
          onType(e.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, enhanceNote ? noteId : null].filter(Boolean).join(' ') || undefined}
      />
      <div className="flex flex-wrap items-center gap-2">
        <EnhanceButton onClick={enhance.run} pending={enhance.pending} disabled={disabled} />
        {hasPrompt && (
          <Button variant="secondary" size="sm" onClick={() => setRewriting(true)} disabled={disabled || enhance.pending}>
            <PenLine className="size-4 text-brand-600" aria-hidden="true" />
            {imageStudioTexts.rewrite}
          </Button>
        )}
        <span className="ml-auto text-xs text-ink-400 tabular-nums" aria-hidden="true">
          {prompt.length} / {PROMPT_MAX}
        </span>
      </div>
      <PromptFeedback note={enhanceNote} error={error} noteId={noteId} errorId={errorId} />
      <RewriteDialog open={rewriting} onOpenChange={setRewriting} prompt={prompt} onRewritten={onRewritten} brandKitId={brandKitId} />
    </div>
  );
}
