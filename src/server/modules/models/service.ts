import { modelMessages, type StandardModel, type TrainedModel } from '#contracts/models.ts';
import { standardModelDisplayName, standardModelMode } from '#contracts/standard-models.ts';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ActivityRecorder } from '../activity/log.ts';
import { canEditTrainedModel, canSeeTrainedModel, roleIn, trainedModelListScope } from '../access/rules.ts';
import type { ViewerLoader } from '../access/viewer.ts';
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
  /** Public models and those of the workspace the user works in (all of them for super admins). */
  trained(user: SignedInUser, filter: { type?: TrainedModel['type']; publicOnly: boolean; search?: string }): Promise<TrainedModel[]>;
  setVisibility(user: SignedInUser, modelId: string, isPublic: boolean): Promise<TrainedModel>;
}

export function toStandardModel(row: StandardModelRow): StandardModel {
  return {
    id: row.id,
    name: row.name,
    displayName: standardModelDisplayName(row.name),
    slug: row.slug,
    category: row.category,
    mode: standardModelMode(row.slug),
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

export function createModelService(deps: { db: Db; access: ViewerLoader; recordActivity: ActivityRecorder }): ModelService {
  const { db } = deps;
  return {
    async standard() {
      return (await listActiveStandardModels(db)).map(toStandardModel);
    },
    async trained(user, filter) {
      const viewer = await deps.access.viewer(user);
      const rows = await listTrainedModels(db, { ...filter, scope: trainedModelListScope(viewer) });
      return rows.map((r) => toTrainedModel(r, canEditTrainedModel(viewer, r)));
    },
    async setVisibility(user, modelId, isPublic) {
      const [model, viewer] = await Promise.all([findTrainedModel(db, modelId), deps.access.viewer(user)]);
      // A model the user may not see does not exist for them.
      if (!model || !canSeeTrainedModel(viewer, model)) throw new AppError('NOT_FOUND', modelMessages.notFound);
      if (!canEditTrainedModel(viewer, model)) throw new AppError('FORBIDDEN', modelMessages.visibilityForbidden);
      await setTrainedModelPublic(db, modelId, isPublic);
      // A member's change is their workspace's; a super admin changing a model of a workspace they are not in is an admin action.
      if (viewer?.isSuperAdmin && roleIn(viewer, model.workspaceId) === null && model.isPublic !== isPublic) {
        await deps.recordActivity({
          type: 'trained_model_visibility_changed',
          message: `Trained model "${model.name}" is now ${isPublic ? 'public' : 'private'}`,
          details: { modelId, name: model.name, ownerId: model.ownerId, workspaceId: model.workspaceId, isPublic },
          actorId: user.id,
        });
      }
      return toTrainedModel({ ...model, isPublic }, true);
    },
  };
}
