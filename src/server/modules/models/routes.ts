import type { FastifyInstance } from 'fastify';
import { listStandardModels, listTrainedModels, setTrainedModelVisibility } from '../../../contracts/models.ts';
import { registerRoute } from '../../http/register-route.ts';
import { currentUser, type SessionGuard } from '../auth/session-guard.ts';
import type { ModelService } from './service.ts';

export function registerModelRoutes(app: FastifyInstance, deps: { models: ModelService; guard: SessionGuard }): void {
  registerRoute(app, listStandardModels, {
    preHandler: deps.guard.requireVerifiedUser,
    handler: async () => ({ models: await deps.models.standard() }),
  });

  registerRoute(app, listTrainedModels, {
    preHandler: deps.guard.requireVerifiedUser,
    handler: async (req) => {
      const { type, publicOnly, search } = req.query;
      return {
        models: await deps.models.trained(currentUser(req).id, {
          publicOnly,
          ...(type ? { type } : {}),
          ...(search ? { search } : {}),
        }),
      };
    },
  });

  registerRoute(app, setTrainedModelVisibility, {
    preHandler: deps.guard.requireVerifiedUser,
    handler: async (req) => deps.models.setVisibility(currentUser(req).id, req.params.id, req.body.isPublic),
  });
}
