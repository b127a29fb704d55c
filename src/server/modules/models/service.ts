import type { StandardModel, TrainedModel } from '../../../contracts/models.ts';
import { standardModelDisplayName } from '../../../contracts/models.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isSuperAdmin } from '../roles/repo.ts';
import {
  findTrainedModel,
  listActiveStandardModels,
  listTrainedModels,
  setTrainedModelPublic,
  type StandardModelRow,
  type TrainedModelWithAttributes,
} from './repo.ts';

export interface ModelService {
  standard(): Promise<StandardModel[]>;
  trained(userId: string, filter: { type?: TrainedModel['type']; publicOnly: boolean; search?: string }): Promise<TrainedModel[]>;
  setVisibility(userId: string, modelId: string, isPublic: boolean): Promise<TrainedModel>;
}

export function toStandardModel(row: StandardModelRow): StandardModel {
  return {
    id: row.id,
    name: row.name,
    displayName: standardModelDisplayName(row.name),
    slug: row.slug,
    category: row.category,
    description: row.description,
    isActive: row.isActive,
  };
}

function toTrainedModel(row: TrainedModelWithAttributes, canEdit: boolean): TrainedModel {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    baseModel: row.baseModel,
    testPrompt: row.testPrompt,
    triggerWord: row.triggerWord,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    canEdit,
    // The finetune id names a provider resource: it stays on the server.
    attributes: row.attributes.filter((a) => a.name !== 'finetune_id'),
  };
}

export function createModelService(deps: { db: Db }): ModelService {
  const { db } = deps;
  return {
    async standard() {
      return (await listActiveStandardModels(db)).map(toStandardModel);
    },
    async trained(userId, filter) {
      const admin = await isSuperAdmin(db, userId);
      const rows = await listTrainedModels(db, { ...filter, ...(admin ? {} : { visibleTo: userId }) });
      return rows.map((r) => toTrainedModel(r, admin || r.ownerId === userId));
    },
    async setVisibility(userId, modelId, isPublic) {
      const model = await findTrainedModel(db, modelId);
      const admin = await isSuperAdmin(db, userId);
      // Someone else's private model does not exist for this user.
      if (!model || (!model.isPublic && model.ownerId !== userId && !admin)) throw new AppError('NOT_FOUND', 'Model not found');
      if (model.ownerId !== userId && !admin)
        throw new AppError('FORBIDDEN', "Only the model's owner or a super admin can change its visibility.");
      await setTrainedModelPublic(db, modelId, isPublic);
      return toTrainedModel({ ...model, isPublic }, true);
    },
  };
}
