import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { userMessage } from '../../lib/api-errors.ts';
import { cn } from '../../lib/cn.ts';
import { uiTexts } from '../../lib/texts.ts';

/** A query that failed to load: what failed, why, and 'Try again'. */
export function LoadError({
  title,
  query,
  className,
}: {
  title: string;
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-start gap-4', className)}>
      <Alert tone="error" title={title} className="w-full">
        {userMessage(query.error)}
      </Alert>
      <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
        {uiTexts.tryAgain}
      </Button>
    </div>
  );
}
