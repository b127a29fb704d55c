import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { developerTexts } from '../texts.ts';

/** How long 'Copied' shows after a copy. */
export const COPIED_MS = 2000;

/**
 * A secret shown once: read-only, monospace, selected on focus, with Copy (and 'Copied' for a
 * moment) and the warning that it will not be shown again.
 */
export function SecretField({
  label,
  what,
  secret,
  warning,
  testId,
}: {
  label: string;
  what: string;
  secret: string;
  warning: string;
  testId: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
    } catch {
      // No clipboard (an insecure page, or the browser refused): the secret stays selected to copy by hand.
      input.current?.select();
      toast(developerTexts.copyFailed, 'error');
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <div className="flex flex-col gap-3">
      <Alert tone="info">{warning}</Alert>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink-800">
          {label}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="min-w-0 flex-1">
            <Input
              ref={input}
              id={id}
              readOnly
              value={secret}
              spellCheck={false}
              autoComplete="off"
              className="font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
              data-testid={testId}
            />
          </div>
          <Button variant="secondary" onClick={() => void copy()} aria-label={copied ? undefined : developerTexts.copySecret(what)}>
            {copied ? developerTexts.copied : developerTexts.copy}
          </Button>
        </div>
        <p role="status" className="min-h-5 text-xs font-medium text-green-700">
          {copied ? developerTexts.copiedNotice : ''}
        </p>
      </div>
    </div>
  );
}
