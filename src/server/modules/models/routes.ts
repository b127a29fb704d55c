import { listStandardModels, listTrainedModels, setTrainedModelVisibility } from '#contracts/models.ts';
import type { Router } from '../../http/router.ts';
import type { ModelService } from './service.ts';

export function registerModelRoutes(router: Router, deps: { models: ModelService }): void {
  router.add(listStandardModels, {
    handler: async () => ({ models: await deps.models.standard() }),
  });

  router.add(listTrainedModels, {
    handler: async ({ user, query }) => {
      const { type, publicOnly, search } = query;
      return {
        models: await deps.models.trained(user, {
          publicOnly,
          ...(type ? { type } : {}),
          ...(search ? { search } : {}),
        }),
      };
    },
  });

  router.add(setTrainedModelVisibility, {
    handler: async ({ user, params, body }) => deps.models.setVisibility(user, params.id, body.isPublic),
  });
}
