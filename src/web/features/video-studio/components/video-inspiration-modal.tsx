import { InspirationGallery } from '#web/components/inspirations/inspiration-gallery.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { videoInspirationCategoriesQueryOptions } from '../api/list-video-inspiration-categories.ts';
import { videoInspirationsQueryOptions } from '../api/list-video-inspirations.ts';
import { VideoInspirationCard, type VideoInspirationChoice } from './video-inspiration-card.tsx';
import { videoStudioTexts } from '../texts.ts';
import { inspirationTexts } from '#web/lib/texts.ts';

export type { VideoInspirationChoice } from './video-inspiration-card.tsx';

/** The video Get Inspired modal: search, category and subcategory, and example videos whose subject and effect can be used. */
export function VideoInspirationModal({
  open,
  onOpenChange,
  onUse,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUse: (choice: VideoInspirationChoice) => void;
}) {
  const use = (choice: VideoInspirationChoice) => {
    onUse(choice);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={inspirationTexts.getInspired} description={videoStudioTexts.inspirationIntro} size="xl">
        <InspirationGallery
          examplesQuery={videoInspirationsQueryOptions}
          categoriesQuery={videoInspirationCategoriesQueryOptions}
          searchPlaceholder={videoStudioTexts.searchSubjects}
          renderItem={(item) => <VideoInspirationCard key={item.id} item={item} onUse={use} />}
        />
      </DialogContent>
    </Dialog>
  );
}
