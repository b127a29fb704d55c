import { Fragment } from 'react';
import { cn } from '#web/lib/cn.ts';

/** 'sam.seller@example.com' → 'sam', '.seller', '@example', '.com', each with where it starts. */
function addressParts(email: string): Array<{ text: string; at: number }> {
  const parts: Array<{ text: string; at: number }> = [];
  let at = 0;
  for (const text of email.split(/(?=[@.])/)) {
    parts.push({ text, at });
    at += text.length;
  }
  return parts;
}

/**
 * An email address in running text. It moves to the next line as one piece when it fits there
 * (inline-block); when it is wider than the line, it wraps only before '@' and '.' (<wbr>), and
 * splits a word only if that word alone is wider than the line ('sam.seller@example.c / om' never).
 * `suffix` (the sentence's full stop) stays on the address's line.
 */
export function EmailAddress({ email, suffix, className }: { email: string; suffix?: string; className?: string }) {
  const parts = addressParts(email);
  return (
    <span className="inline-block max-w-full break-words">
      <strong className={cn('font-semibold', className)}>
        {parts.map((part) => (
          <Fragment key={part.at}>
            {part.at > 0 && <wbr />}
            {part.text}
          </Fragment>
        ))}
      </strong>
      {suffix}
    </span>
  );
}
