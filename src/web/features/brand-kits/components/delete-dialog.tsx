import type { RefObject } from 'react';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { brandKitTexts } from '../texts.ts';

/** What the dialog deletes: its id and the name it is called by. */
export interface Deletable {
  id: string;
  name: string;
}

/**
 * Asks before a kit or a font is deleted. Focus goes back to the Delete that asked, or to the list's
 * heading once the item (and its button) is gone.
 */
export function DeleteDialog(props: {
  item: Deletable | null;
  onClose: () => void;
  texts: { title: (name: string) => string; intro: string; confirm: string; done: (name: string) => string };
  remove: { mutate: (id: string, options: { onSuccess: () => void }) => void; isPending: boolean; error: unknown };
  returnFocus: RefObject<HTMLElement | null>;
  heading: RefObject<HTMLElement | null>;
}) {
  const { item, texts, remove, returnFocus } = props;
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && props.onClose()}
      title={texts.title(item?.name ?? '')}
      description={texts.intro}
      confirmLabel={texts.confirm}
      tone="danger"
      pending={remove.isPending}
      error={remove.error}
      errorTitle={brandKitTexts.actionFailed}
      returnFocusTo={returnFocus}
      onConfirm={() => {
        if (!item) return;
        remove.mutate(item.id, {
          onSuccess: () => {
            returnFocus.current = props.heading.current;
            props.onClose();
            toast(texts.done(item.name), 'success');
          },
        });
      }}
    />
  );
}
