import { adminModelMessages } from '#contracts/admin-models.ts';
import type { StandardModel } from '#contracts/models.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { ActivityRecorder } from '../../activity/log.ts';
import { listAllStandardModels, setStandardModelActive } from '../../models/repo.ts';
import { toStandardModel } from '../../models/service.ts';

/**
 * God Mode's Models tab. An inactive standard model is hidden from the editor (GET
 * /api/models/standard lists active ones) and refused by generation (model-resolver.ts).
 */
export interface AdminModelService {
  list(): Promise<StandardModel[]>;
  setActive(actorId: string, modelId: string, isActive: boolean): Promise<StandardModel>;
}

export function createAdminModelService(deps: { db: Db; recordActivity: ActivityRecorder }): AdminModelService {
  return {
    async list() {
      return (await listAllStandardModels(deps.db)).map(toStandardModel);
    },
    async setActive(actorId, modelId, isActive) {
      const result = await setStandardModelActive(deps.db, modelId, isActive);
      if (!result) throw new AppError('NOT_FOUND', adminModelMessages.notFound);
      const model = toStandardModel(result.model);
      if (result.wasActive !== isActive) {
        await deps.recordActivity({
          type: 'model_toggled',
          message: `${model.displayName} was turned ${isActive ? 'on' : 'off'}`,
          details: { modelId, slug: model.slug, name: model.displayName, isActive },
          actorId,
        });
      }
      return model;
    },
  };
}
