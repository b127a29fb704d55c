import type { z } from 'zod';
import { batchMessages } from '#contracts/batches.ts';
import { lookMessages, LOOKS_PER_WORKSPACE, type Look, type LookInput } from '#contracts/looks.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { decideEntitlement } from '../../http/access.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError, isUniqueViolation } from '../../lib/app-error.ts';
import { fileUrl, type Storage } from '../../providers/storage/storage.ts';
import { canDeleteLook, canUseLooks, type Viewer } from '../access/rules.ts';
import { findKit } from '../brand-kits/repo.ts';
import { resolveModel } from '../generation/index.ts';
import { findUploads } from '../uploads/repo.ts';
import { lockedView, viewerFor } from '../workspaces/context.ts';
import { workspacePlan } from '../workspaces/plan-repo.ts';
import { countLooks, deleteLookRow, findLook, insertLook, listLookRows, updateLookRow, type LookRow, type LookValues } from './repo.ts';

type Input = z.output<typeof LookInput>;

export interface LookService {
  list(user: SignedInUser, workspaceId: string): Promise<{ looks: Look[] }>;
  create(user: SignedInUser, workspaceId: string, input: Input): Promise<Look>;
  update(user: SignedInUser, workspaceId: string, lookId: string, input: Input): Promise<Look>;
  /** Owners and admins (403 for members). */
  remove(user: SignedInUser, workspaceId: string, lookId: string): Promise<void>;
}

const NAME_UNIQUE = 'saved_looks_workspace_name_unique';

function requireMember(user: SignedInUser, workspaceId: string): Viewer {
  const viewer = viewerFor(user);
  if (!canUseLooks(viewer, workspaceId)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
  return viewer;
}

/**
 * The look a batch request names, for the batches module: a look of the caller's current workspace
 * (the one that pays for the batch). 403 PLAN_REQUIRED when its plan lacks brand kits (asked first),
 * 404 "Look not found" for any other id. No id: null.
 */
export async function resolveLookChoice(db: DbOrTx, user: SignedInUser, lookId: string | undefined): Promise<LookRow | null> {
  if (!lookId) return null;
  const workspaceId = user.workspace.id;
  await decideEntitlement('brandKits', user, workspaceId, (id) => workspacePlan(db, id));
  requireMember(user, workspaceId);
  const look = await findLook(db, workspaceId, lookId);
  if (!look) throw new AppError('NOT_FOUND', lookMessages.notFound);
  return look;
}

/** What a look may name: a product model the caller may use, and an upload and a kit of the same workspace (400 otherwise). */
async function checked(tx: DbOrTx, viewer: Viewer, workspaceId: string, input: Input): Promise<LookValues> {
  const model = await resolveModel(tx, { ...viewer, workspaceId }, input.modelType, input.modelId);
  if (model.mode !== 'product') throw new AppError('VALIDATION_FAILED', batchMessages.productModelRequired);
  if (input.backgroundUploadId) {
    const [upload] = await findUploads(tx, [input.backgroundUploadId]);
    if (upload?.workspaceId !== workspaceId) throw new AppError('BAD_REQUEST', lookMessages.backgroundNotUsable);
  }
  if (input.brandKitId && !(await findKit(tx, workspaceId, input.brandKitId)))
    throw new AppError('BAD_REQUEST', lookMessages.brandKitNotUsable);
  return {
    name: input.name,
    modelType: input.modelType,
    modelId: input.modelId,
    prompt: input.prompt,
    backgroundUploadId: input.backgroundUploadId,
    brandKitId: input.brandKitId,
    adLayout: input.adLayout,
    adTexts: input.adTexts,
    adSizes: input.adSizes,
    exportPresets: input.exportPresets,
  };
}

export function createLookService(deps: { db: Db; storage: Storage }): LookService {
  const { db, storage } = deps;

  const toLook = async (row: LookRow, viewer: Viewer): Promise<Look> => {
    const [upload] = row.backgroundUploadId ? await findUploads(db, [row.backgroundUploadId]) : [];
    return {
      id: row.id,
      workspaceId: row.workspaceId,
      name: row.name,
      modelType: row.modelType,
      modelId: row.modelId,
      prompt: row.prompt,
      backgroundUploadId: row.backgroundUploadId,
      backgroundUrl: upload ? await fileUrl(storage, upload.thumbnailKey ?? upload.key, 'private') : null,
      brandKitId: row.brandKitId,
      adLayout: row.adLayout ?? null,
      adTexts: row.adTexts,
      adSizes: row.adSizes,
      exportPresets: row.exportPresets,
      canDelete: canDeleteLook(viewer, row.workspaceId),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  /** Changes lock the workspace row, so the limit and the names are judged on what is there. */
  const change = async <T>(user: SignedInUser, workspaceId: string, work: (tx: DbOrTx, viewer: Viewer) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(async (tx) => {
        const { viewer } = await lockedView(tx, requireMember(user, workspaceId), workspaceId);
        if (!canUseLooks(viewer, workspaceId)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
        return work(tx, viewer);
      });
    } catch (err) {
      if (isUniqueViolation(err, NAME_UNIQUE)) throw new AppError('CONFLICT', lookMessages.nameTaken);
      throw err;
    }
  };

  return {
    async list(user, workspaceId) {
      const viewer = requireMember(user, workspaceId);
      const rows = await listLookRows(db, workspaceId);
      return { looks: await Promise.all(rows.map((row) => toLook(row, viewer))) };
    },

    async create(user, workspaceId, input) {
      const saved = await change(user, workspaceId, async (tx, viewer) => {
        if ((await countLooks(tx, workspaceId)) >= LOOKS_PER_WORKSPACE) throw new AppError('CONFLICT', lookMessages.tooManyLooks);
        const values = await checked(tx, viewer, workspaceId, input);
        return { row: await insertLook(tx, { ...values, workspaceId, createdBy: user.id }), viewer };
      });
      return toLook(saved.row, saved.viewer);
    },

    async update(user, workspaceId, lookId, input) {
      const saved = await change(user, workspaceId, async (tx, viewer) => {
        if (!(await findLook(tx, workspaceId, lookId))) throw new AppError('NOT_FOUND', lookMessages.notFound);
        const values = await checked(tx, viewer, workspaceId, input);
        return { row: (await updateLookRow(tx, workspaceId, lookId, values))!, viewer };
      });
      return toLook(saved.row, saved.viewer);
    },

    async remove(user, workspaceId, lookId) {
      await change(user, workspaceId, async (tx, viewer) => {
        if (!(await findLook(tx, workspaceId, lookId))) throw new AppError('NOT_FOUND', lookMessages.notFound);
        if (!canDeleteLook(viewer, workspaceId)) throw new AppError('FORBIDDEN', workspaceMessages.notAllowed);
        await deleteLookRow(tx, workspaceId, lookId);
      });
    },
  };
}
