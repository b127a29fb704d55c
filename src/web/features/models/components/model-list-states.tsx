import { uiTexts } from '#web/lib/texts.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { modelsTexts } from '../texts.ts';

/** 'No models found', with a way out when filters hide everything. */
export function ModelsEmpty({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-ink-100 text-ink-500">
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round">
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4.5 4.5M8.5 11h5" />
        </svg>
      </span>
      <h2 className="mt-4 text-lg font-semibold text-ink-900">{modelsTexts.empty}</h2>
      <p className="mt-1 max-w-sm text-sm text-ink-600">{filtered ? modelsTexts.emptyHintFiltered : modelsTexts.emptyHint}</p>
      {filtered && (
        <Button variant="secondary" className="mt-5" onClick={onClearFilters}>
          {modelsTexts.clearFilters}
        </Button>
      )}
    </Card>
  );
}

export function ModelsLoadError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert tone="error" title={modelsTexts.loadFailed} className="w-full">
        {userMessage(error)}
      </Alert>
      <Button variant="secondary" loading={retrying} onClick={onRetry}>
        {uiTexts.tryAgain}
      </Button>
    </div>
  );
}
