import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/components/ui/toast.tsx';
import { callApi } from '#web/lib/api-client.ts';
import { userMessage } from '#web/lib/api-errors.ts';
import { invalidateContract } from '#web/lib/contract-query.ts';
import { modelsTexts } from '../texts.ts';
import { listTrainedModels, setTrainedModelVisibility } from '#contracts/routes.ts';

export interface VisibilityChange {
  id: string;
  isPublic: boolean;
}

/** PATCH /api/models/trained/:id/visibility with `{ isPublic }`. */
export function saveModelVisibility({ id, isPublic }: VisibilityChange) {
  return callApi(setTrainedModelVisibility, { params: { id }, body: { isPublic } });
}

/**
 * Changes a model's visibility, then reloads every trained-model list (this page's with any
 * filters, and the image editor's) before it counts as done, so the button keeps its spinner until
 * the card shows the new state. The toast is raised here, not by the card, because the card may
 * leave the list (Public Only) when it reloads.
 */
export function useSetModelVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['models', 'visibility'],
    mutationFn: saveModelVisibility,
    onSuccess: (model) => toast(model.isPublic ? modelsTexts.nowPublic(model.name) : modelsTexts.nowPrivate(model.name), 'success'),
    onError: (error) => toast(userMessage(error, modelsTexts.visibilityFailed), 'error'),
    onSettled: () => invalidateContract(queryClient, listTrainedModels),
  });
}
