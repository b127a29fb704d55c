import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { promptMessages } from '#contracts/prompts.ts';
import { userMessage } from '../../lib/api-errors.ts';
import { useEnhancePrompt } from '../../lib/prompts/enhance-prompt.ts';
import { Button } from '../ui/button.tsx';
import { promptTexts, studioTexts } from '../../lib/texts.ts';

/** The note under a prompt after Enhance: it was enhanced, or the assistant gave it back as it was (the server says which). */
export type EnhanceNote = 'enhanced' | 'unchanged' | null;

export const enhanceNoteText: Record<Exclude<EnhanceNote, null>, string> = {
  enhanced: promptTexts.enhanced,
  unchanged: promptTexts.enhanceUnchanged,
};

export const noteOfEnhance = (result: { unchanged: boolean }): EnhanceNote => (result.unchanged ? 'unchanged' : 'enhanced');

/** Enhance for a prompt box (the image editor, the batch page): the request, its pending state and its error; `brandKitId`: 'Use brand kit'. */
export function usePromptEnhance(prompt: string, onEnhanced: (prompt: string, note: EnhanceNote) => void, brandKitId?: string | null) {
  const enhance = useEnhancePrompt();
  const [error, setError] = useState<string | null>(null);
  const run = () => {
    if (prompt.trim() === '') return setError(promptMessages.enhanceEmpty);
    setError(null);
    enhance.mutate(
      { prompt, brandKitId },
      {
        onSuccess: (result) => onEnhanced(result.prompt, noteOfEnhance(result)),
        onError: (err) => setError(userMessage(err, promptMessages.enhanceFailedGeneric)),
      },
    );
  };
  return { run, pending: enhance.isPending, error, setError };
}

export function EnhanceButton({ onClick, pending, disabled }: { onClick: () => void; pending: boolean; disabled?: boolean | undefined }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} loading={pending} disabled={disabled}>
      {!pending && <Sparkles className="size-4 text-brand-600" aria-hidden="true" />}
      {pending ? studioTexts.enhancing : studioTexts.enhance}
    </Button>
  );
}

/** Under the prompt: that it was enhanced (or left unchanged), or why enhancing failed. */
export function PromptFeedback({
  note,
  error,
  noteId,
  errorId,
}: {
  note: EnhanceNote;
  error: string | null;
  noteId: string;
  errorId: string;
}) {
  if (error)
    return (
      <p id={errorId} role="alert" className="text-xs font-medium text-danger-600">
        {error}
      </p>
    );
  if (!note) return null;
  return (
    <p id={noteId} role="status" className="flex items-center gap-1.5 text-xs font-medium text-brand-700">
      <Sparkles className="size-3.5" aria-hidden="true" />
      {enhanceNoteText[note]}
    </p>
  );
}
