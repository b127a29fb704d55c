import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#web/lib/api-client.ts';
import { contractQuery, invalidateContract } from '#web/lib/contract-query.ts';
import {
  listAllStandardModels,
  listStandardModels,
  listTrainedModels,
  setStandardModelActive,
  setTrainedModelVisibility,
} from '#contracts/routes.ts';

const allStandardModels = contractQuery(listAllStandardModels, undefined, { select: (data) => data.models });
/** A super admin's answer holds every trained model, private ones included. */
const allTrainedModels = contractQuery(listTrainedModels, { query: {} }, { select: (data) => data.models });

export function useAllStandardModels() {
  return useQuery(allStandardModels);
}

export function useAllTrainedModels() {
  return useQuery(allTrainedModels);
}

/**
 * Turns a standard model on or off. The admin list takes the server's answer at once; the editor's
 * list of active models (GET /api/models/standard) is reloaded so it shows or hides the model.
 */
export function useSetStandardModelActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'models', 'active'],
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      callApi(setStandardModelActive, { params: { id }, body: { isActive } }),
    onSuccess: (model) => {
      queryClient.setQueryData(allStandardModels.queryKey, (data) =>
        data ? { models: data.models.map((m) => (m.id === model.id ? model : m)) } : data,
      );
      void invalidateContract(queryClient, listStandardModels);
    },
  });
}

/** Makes a trained model public or private, then reloads every trained-model list (this tab's, the editor's, Klip Models). */
export function useSetTrainedModelPublic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'models', 'visibility'],
    mutationFn: ({ id, isPublic }: { id: string; isPublic: boolean }) =>
      callApi(setTrainedModelVisibility, { params: { id }, body: { isPublic } }),
    onSuccess: (model) => {
      queryClient.setQueryData(allTrainedModels.queryKey, (data) =>
        data ? { models: data.models.map((m) => (m.id === model.id ? model : m)) } : data,
      );
      void invalidateContract(queryClient, listTrainedModels);
    },
  });
}
