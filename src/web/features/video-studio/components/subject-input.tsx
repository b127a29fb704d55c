import { Lightbulb, PenLine, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { videoSettings } from '#contracts/video-effects.ts';
import { enhanceNoteText, noteOfEnhance, type EnhanceNote } from '#web/components/studio/prompt-enhance.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { useEnhanceSubject } from '../api/enhance-subject.ts';
import { videoStudioTexts } from '../texts.ts';
import { inspirationTexts } from '#web/lib/texts.ts';

/**
 * The video's Subject: a short text with an AI enhance button inside the field, then Get Inspired
 * and Rewrite (only with a subject), which the page answers with its modals.
 */
export function SubjectInput({
  id,
  value,
  onChange,
  onInspire,
  onRewrite,
  disabled = false,
  brandKitId,
}: {
  id: string;
  value: string;
  onChange: (subject: string) => void;
  onInspire: () => void;
  onRewrite: () => void;
  disabled?: boolean;
  /** 'Use brand kit': Enhance follows the kit. */
  brandKitId?: string | null | undefined;
}) {
  const enhance = useEnhanceSubject();
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<EnhanceNote>(null);
  const hasSubject = value.trim() !== '';
  const busy = enhance.isPending;
  const errorId = `${id}-error`;

  const onEnhance = () => {
    if (!hasSubject || busy) return;
    setError(null);
    setNote(null);
    enhance.mutate(
      { subject: value.trim(), brandKitId },
      {
        onSuccess: (result) => {
          const subject = result.prompt.trim();
          if (subject === '') return setError(videoStudioTexts.enhanceFailed);
          onChange(subject);
          setNote(noteOfEnhance(result));
        },
        onError: () => setError(videoStudioTexts.enhanceFailed),
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink-800">
        {videoStudioTexts.subject}
      </label>
      <div className="relative">
        <Input
          id={id}
          value={value}
          maxLength={videoSettings.subject.max}
          placeholder={videoStudioTexts.subjectPlaceholder}
          autoComplete="off"
          disabled={disabled || busy}
          onChange={(e) => {
            setError(null);
            setNote(null);
            onChange(e.target.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="pr-12 text-ellipsis"
        />
        <div className="absolute top-1/2 right-1 -translate-y-1/2">
          <Tooltip content={videoStudioTexts.enhanceSubject}>
            <Button
              variant="ghost"
              size="sm"
              className="size-9 px-0 text-brand-600 hover:text-brand-700"
              aria-label={videoStudioTexts.enhanceSubject}
              loading={busy}
              disabled={disabled || !hasSubject}
              onClick={onEnhance}
            >
              {!busy && <Sparkles className="size-4" aria-hidden="true" />}
            </Button>
          </Tooltip>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={onInspire} disabled={disabled}>
          <Lightbulb className="size-4 text-brand-600" aria-hidden="true" />
          {inspirationTexts.getInspired}
        </Button>
        <Button variant="secondary" size="sm" onClick={onRewrite} disabled={disabled || busy || !hasSubject}>
          <PenLine className="size-4 text-brand-600" aria-hidden="true" />
          {videoStudioTexts.rewrite}
        </Button>
        <span className="ml-auto text-xs text-ink-400 tabular-nums" aria-hidden="true">
          {value.length} / {videoSettings.subject.max}
        </span>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger-600">
          {error}
        </p>
      )}
      <p role="status" className="sr-only">
        {note ? enhanceNoteText[note] : ''}
      </p>
    </div>
  );
}
