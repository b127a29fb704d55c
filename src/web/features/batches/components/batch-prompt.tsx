import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { PROMPT_MAX, promptMessages } from '../../../../contracts/prompts.ts';
import { InspirationModal } from '../../../components/inspirations/image-inspiration-modal.tsx';
import { GetInspiredButton } from '../../../components/studio/get-inspired-button.tsx';
import { SectionHeading } from '../../../components/studio/section-heading.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { userMessage } from '../../../lib/api-errors.ts';
import { useEnhancePrompt } from '../../../lib/prompts/enhance-prompt.ts';

/** The one prompt every photo of the batch is generated with: Get Inspired and Enhance, as in the image editor. */
export function BatchPrompt({
  step,
  id,
  prompt,
  onChange,
}: {
  step: number;
  id: string;
  prompt: string;
  onChange: (prompt: string) => void;
}) {
  const enhance = useEnhancePrompt();
  const [error, setError] = useState<string | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [inspiring, setInspiring] = useState(false);
  const errorId = `${id}-error`;

  const onEnhance = () => {
    if (prompt.trim() === '') return setError(promptMessages.enhanceEmpty);
    setError(null);
    enhance.mutate(prompt, {
      onSuccess: (result) => {
        onChange(result.prompt);
        setEnhanced(true);
      },
      onError: (err) => setError(userMessage(err, promptMessages.enhanceFailedGeneric)),
    });
  };

  return (
    <div className="flex flex-col gap-2">
      <SectionHeading step={step} htmlFor={id} aside={<GetInspiredButton onClick={() => setInspiring(true)} />}>
        Prompt
      </SectionHeading>
      <Textarea
        id={id}
        rows={5}
        value={prompt}
        maxLength={PROMPT_MAX}
        placeholder="Describe the scene for every product, e.g. on a marble counter beside fresh lemons, soft morning light"
        disabled={enhance.isPending}
        onChange={(e) => {
          setError(null);
          setEnhanced(false);
          onChange(e.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={onEnhance} loading={enhance.isPending}>
          {!enhance.isPending && <Sparkles className="size-4 text-brand-600" aria-hidden="true" />}
          {enhance.isPending ? 'Enhancing...' : 'Enhance'}
        </Button>
        <span className="ml-auto text-xs text-ink-400 tabular-nums" aria-hidden="true">
          {prompt.length} / {PROMPT_MAX}
        </span>
      </div>
      {enhanced && !error && (
        <p role="status" className="flex items-center gap-1.5 text-xs font-medium text-brand-700">
          <Sparkles className="size-3.5" aria-hidden="true" />
          {promptMessages.enhanced}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger-600">
          {error}
        </p>
      )}
      <InspirationModal
        open={inspiring}
        onOpenChange={setInspiring}
        onUse={(inspiration) => {
          setError(null);
          setEnhanced(false);
          onChange(inspiration);
        }}
      />
    </div>
  );
}
