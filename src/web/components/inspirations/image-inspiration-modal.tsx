import { InspirationGallery } from './inspiration-gallery.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { inspirationCategoriesQueryOptions } from '../../lib/inspirations/list-inspiration-categories.ts';
import { inspirationsQueryOptions } from '../../lib/inspirations/list-inspirations.ts';
import { InspirationCard } from './image-inspiration-card.tsx';
import { inspirationTexts } from '../../lib/texts.ts';

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
  const use = (prompt: string) => {
    onUse(prompt);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={inspirationTexts.getInspired} description={inspirationTexts.imageIntro} size="xl">
        <InspirationGallery
          examplesQuery={inspirationsQueryOptions}
          categoriesQuery={inspirationCategoriesQueryOptions}
          searchPlaceholder={inspirationTexts.searchPrompts}
          renderItem={(item) => <InspirationCard key={item.id} item={item} onUse={use} />}
        />
      </DialogContent>
    </Dialog>
  );
}
