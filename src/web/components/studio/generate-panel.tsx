import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { studioTexts } from '../../lib/texts.ts';

/** 'Generate · 1 credit' / 'Generate · 5 credits'. */
export function generateLabel(cost: number): string {
  return studioTexts.generate(cost);
}

/**
 * The Generate button labelled with its cost, why it is disabled, and the red error banner. A kind
 * of job that asks more before Generate (the image editor's variation count) puts it in `children`,
 * above the banner.
 */
export function GeneratePanel({
  noun = 'image',
  cost,
  label = generateLabel(cost),
  credits,
  generating,
  blocker,
  error,
  onGenerate,
  children,
}: {
  /** What is generated: the banner's title and the cost hint say it. */
  noun?: 'image' | 'video';
  /** The cost of one: the hint says it when the balance is not known. */
  cost: number;
  /** The button's label; by default the cost of one ('Generate · 1 credit'). */
  label?: string;
  credits: number | undefined;
  generating: boolean;
  /** Why Generate is disabled; null when it is enabled. */
  blocker: string | null;
  error: string | null;
  onGenerate: () => void;
  children?: ReactNode;
}) {
  const hint = generating ? null : blocker;
  return (
    <div className="flex flex-col gap-3">
      {children}
      {error && (
        <Alert tone="error" title={studioTexts.notGenerated[noun]}>
          {error}
        </Alert>
      )}
      <Button size="lg" className="w-full" onClick={onGenerate} disabled={blocker !== null} loading={generating}>
        {!generating && <Sparkles className="size-[18px]" aria-hidden="true" />}
        {generating ? studioTexts.generating : label}
      </Button>
      <p className="text-center text-xs text-ink-500">
        {hint ?? (credits === undefined ? studioTexts.eachCosts(noun, cost) : studioTexts.youHave(credits))}
      </p>
    </div>
  );
}
