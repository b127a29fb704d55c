import { useState } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { BackLink } from '../../components/layout/back-link.tsx';
import { useTrainedModels, type TrainedModelFilters } from './api/list-trained-models.ts';
import { ModelCard } from './components/model-card.tsx';
import { ModelFilters } from './components/model-filters.tsx';
import { ModelGrid, ModelGridSkeleton } from './components/model-grid.tsx';
import { ModelsEmpty, ModelsLoadError } from './components/model-list-states.tsx';
import type { TypeFilter } from './lib/model-types.ts';
import { modelsTexts } from './texts.ts';
import { useSearchTerm } from '../../lib/use-debounced-value.ts';
import { shellTexts } from '../../lib/texts.ts';

/** Typing waits this long before the list is searched again. */
export const SEARCH_DEBOUNCE_MS = 250;

/** /models, inside the app shell ('Klip Models'). */
export default function ModelsPage() {
  const [searchText, setSearchText] = useState('');
  const [type, setType] = useState<TypeFilter>('all');
  const [publicOnly, setPublicOnly] = useState(false);
  const search = useSearchTerm(searchText, SEARCH_DEBOUNCE_MS);
  const filters: TrainedModelFilters = { search, type: type === 'all' ? undefined : type, publicOnly };
  const filtered = search !== '' || type !== 'all' || publicOnly;
  const models = useTrainedModels(filters);
  const count = models.isError ? undefined : models.data?.models.length;

  function clearFilters() {
    setSearchText('');
    setType('all');
    setPublicOnly(false);
  }

  let body;
  if (models.isError) {
    body = <ModelsLoadError error={models.error} retrying={models.isFetching} onRetry={() => void models.refetch()} />;
  } else if (!models.data) {
    body = <ModelGridSkeleton />;
  } else if (models.data.models.length === 0) {
    body = <ModelsEmpty filtered={filtered} onClearFilters={clearFilters} />;
  } else {
    body = (
      <ModelGrid busy={models.isPlaceholderData}>
        {models.data.models.map((model) => (
          <ModelCard key={model.id} model={model} />
        ))}
      </ModelGrid>
    );
  }

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{shellTexts.pageTitle(modelsTexts.title)}</title>
      <BackLink />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{modelsTexts.title}</h1>
      <p className="mt-1 max-w-2xl text-ink-600">{modelsTexts.subtitle}</p>

      <Card className="mt-6 p-3 sm:p-4">
        <ModelFilters
          searchText={searchText}
          onSearchTextChange={setSearchText}
          type={type}
          onTypeChange={setType}
          publicOnly={publicOnly}
          onPublicOnlyChange={setPublicOnly}
        />
      </Card>

      <div className="mt-5 mb-3 flex h-5 items-center gap-2 text-sm text-ink-600">
        {/* Announces each new result; 'No models found' is already on screen as a heading. */}
        <p role="status" className={count === 0 ? 'sr-only' : undefined}>
          {count === undefined ? '' : count === 0 ? modelsTexts.empty : modelsTexts.count(count)}
        </p>
        {models.isPlaceholderData && <Spinner size="sm" />}
      </div>
      {body}
    </main>
  );
}
