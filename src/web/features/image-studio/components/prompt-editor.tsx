import { PenLine, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { promptMessages } from '../../../../contracts/prompts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { userMessage } from '../../../lib/api-errors.ts';
import { useEnhancePrompt } from '../../../lib/prompts/enhance-prompt.ts';
import { RewriteDialog } from './rewrite-dialog.tsx';
import { GetInspiredButton } from '../../../components/studio/get-inspired-button.tsx';
import { SectionHeading } from '../../../components/studio/section-heading.tsx';

export const PROMPT_MAX = 2000;

/** The prompt with Get Inspired, Rewrite (only with a prompt) and Enhance. */
export function PromptEditor({
  step,
  id,
  prompt,
  placeholder,
  enhanced,
  onType,
  onEnhanced,
  onRewritten,
  onInspire,
  disabled,
}: {
  step: number;
  id: string;
  prompt: string;
  placeholder: string;
  enhanced: boolean;
  onType: (prompt: string) => void;
  onEnhanced: (prompt: string) => void;
  onRewritten: (prompt: string) => void;
  onInspire: () => void;
  disabled?: boolean;
}) {
  const enhance = useEnhancePrompt();
  const [error, setError] = useState<string | null>(null);
  const [rewriting, setRewriting] = useState(false);
  const hasPrompt = prompt.trim() !== '';
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;

  const onEnhance = () => {
    if (!hasPrompt) return setError(promptMessages.enhanceEmpty);
    setError(null);
    enhance.mutate(prompt, {
      onSuccess: (result) => onEnhanced(result.prompt),
      onError: (err) => setError(userMessage(err, promptMessages.enhanceFailedGeneric)),
    });
  };

  return (
    <div className="flex flex-col gap-2">
      <SectionHeading step={step} htmlFor={id} aside={<GetInspiredButton onClick={onInspire} />}>
        Prompt
      </SectionHeading>
      <Textarea
        id={id}
        rows={5}
        value={prompt}
        maxLength={PROMPT_MAX}
        placeholder={placeholder}
        disabled={disabled || enhance.isPending}
        onChange={(e) => {
          setError(null);
          onType(e.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, enhanced ? noteId : null].filter(Boolean).join(' ') || undefined}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={onEnhance} loading={enhance.isPending} disabled={disabled}>
          {!enhance.isPending && <Sparkles className="size-4 text-brand-600" aria-hidden="true" />}
          {enhance.isPending ? 'Enhancing...' : 'Enhance'}
        </Button>
        {hasPrompt && (
          <Button variant="secondary" size="sm" onClick={() => setRewriting(true)} disabled={disabled || enhance.isPending}>
            <PenLine className="size-4 text-brand-600" aria-hidden="true" />
            Rewrite
          </Button>
        )}
        <span className="ml-auto text-xs text-ink-400 tabular-nums" aria-hidden="true">
          {prompt.length} / {PROMPT_MAX}
        </span>
      </div>
      {enhanced && !error && (
        <p id={noteId} role="status" className="flex items-center gap-1.5 text-xs font-medium text-brand-700">
          <Sparkles className="size-3.5" aria-hidden="true" />
          {promptMessages.enhanced}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger-600">
          {error}
        </p>
      )}
      <RewriteDialog open={rewriting} onOpenChange={setRewriting} prompt={prompt} onRewritten={onRewritten} />
    </div>
  );
}
