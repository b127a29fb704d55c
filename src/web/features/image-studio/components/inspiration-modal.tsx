import { Search } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useInspirationCategories } from '../api/list-inspiration-categories.ts';
import { useInspirations } from '../api/list-inspirations.ts';
import { userMessage } from '../../../lib/api-errors.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { InspirationCard } from './inspiration-card.tsx';

export const SEARCH_DEBOUNCE_MS = 300;

function GridSkeleton() {
  return (
    <div role="status" aria-label="Loading examples" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="overflow-hidden rounded-2xl border border-ink-200">
          <div className="aspect-square animate-pulse bg-ink-100" />
          <div className="space-y-2 p-3.5">
            <div className="h-4 w-1/3 animate-pulse rounded bg-ink-100" />
            <div className="h-3 w-full animate-pulse rounded bg-ink-100" />
            <div className="h-3 w-2/3 animate-pulse rounded bg-ink-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

function Gallery({ onUse }: { onUse: (prompt: string) => void }) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [subcategory, setSubcategory] = useState('');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const categories = useInspirationCategories();
  const examples = useInspirations({ category, subcategory, search: debouncedSearch });
  const subcategories = categories.data?.find((c) => c.category === category)?.subcategories ?? [];

  let body;
  if (examples.isError && !examples.data) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error" title="Failed to load examples" className="w-full">
          {userMessage(examples.error)}
        </Alert>
        <Button variant="secondary" loading={examples.isFetching} onClick={() => void examples.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (examples.isPending) {
    body = <GridSkeleton />;
  } else if (examples.data.length === 0) {
    body = (
      <div className="rounded-2xl border border-dashed border-ink-300 px-6 py-12 text-center">
        <p className="font-semibold text-ink-900">No examples found</p>
        <p className="mt-1 text-sm text-ink-600">Try another search or category.</p>
      </div>
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={examples.isPlaceholderData || undefined}>
        {examples.data.map((item) => (
          <InspirationCard key={item.id} item={item} onUse={onUse} />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2.5 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-400" />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search prompts"
            aria-label="Search examples"
            className="pl-10"
            maxLength={100}
          />
        </div>
        <Select
          aria-label="Category"
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            setSubcategory('');
          }}
          placeholder="All categories"
          options={(categories.data ?? []).map((c) => ({ value: c.category, label: c.category }))}
          className="sm:w-48"
        />
        {category && subcategories.length > 0 && (
          <Select
            aria-label="Subcategory"
            value={subcategory}
            onChange={(e) => setSubcategory(e.target.value)}
            placeholder="All subcategories"
            options={subcategories.map((s) => ({ value: s, label: s }))}
            className="sm:w-48"
          />
        )}
      </div>
      <div className="relative">
        {examples.isFetching && !examples.isPending && (
          <div className="absolute -top-3.5 right-0">
            <Spinner size="sm" label="Updating examples" />
          </div>
        )}
        {body}
      </div>
    </div>
  );
}

/** The Get Inspired modal: search, category and subcategory, and examples whose prompt can be used. */
export function InspirationModal({
  open,
  onOpenChange,
  onUse,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUse: (prompt: string) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Get Inspired" description="Browse kliptspirations and start from a prompt that works." size="xl">
        <Gallery
          onUse={(prompt) => {
            onUse(prompt);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
