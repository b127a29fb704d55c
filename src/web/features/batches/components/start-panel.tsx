import { Layers } from 'lucide-react';
import { Link } from 'react-router';
import { batchMessages } from '#contracts/batches.ts';
import { IMAGE_COST } from '#contracts/generation.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import { batchesTexts } from '../texts.ts';

/** The batch's total cost, the user's balance, why Start is disabled, the server's refusal and 'Start batch'. */
export function StartPanel({
  photos,
  credits,
  blocker,
  starting,
  error,
  onStart,
}: {
  photos: number;
  credits: number | undefined;
  blocker: string | null;
  starting: boolean;
  error: string | null;
  onStart: () => void;
}) {
  const cost = photos * IMAGE_COST;
  const short = credits !== undefined && photos > 0 && credits < cost;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <p className="font-semibold text-ink-900">
          {photos > 0 ? batchesTexts.cost(photos) : batchesTexts.eachPhotoCosts(batchesTexts.credits(IMAGE_COST))}
        </p>
        {credits !== undefined && <p className="text-ink-600">{batchesTexts.youHave(batchesTexts.credits(credits))}</p>}
      </div>
      {short && (
        <p className="text-sm text-danger-700">
          {batchMessages.notEnoughCredits(photos, cost)}{' '}
          <Link to={paths.buyCredits} className="font-semibold underline hover:text-danger-800">
            {batchesTexts.buyCredits}
          </Link>
        </p>
      )}
      {error && (
        <Alert tone="error" title={batchesTexts.notStarted}>
          {error}
        </Alert>
      )}
      <Button size="lg" className="w-full" onClick={onStart} disabled={blocker !== null} loading={starting}>
        {!starting && <Layers className="size-[18px]" aria-hidden="true" />}
        {starting ? batchesTexts.starting : batchesTexts.start}
      </Button>
      {blocker && !starting && <p className="text-center text-xs text-ink-500">{blocker}</p>}
    </div>
  );
}
