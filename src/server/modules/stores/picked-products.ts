import { sql } from 'drizzle-orm';
import { storeMessages } from '#contracts/stores.ts';
import { workspaceMessages } from '#contracts/workspaces.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { decideEntitlement } from '../../http/access.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { canUseStore } from '../access/rules.ts';
import { findUploads, type UploadRow } from '../uploads/repo.ts';
import { viewerFor } from '../workspaces/context.ts';
import { workspacePlan } from '../workspaces/plan-repo.ts';

export interface PickedProduct {
  product: { id: string; handle: string; title: string };
  /** The product photo its first copied image became. */
  upload: UploadRow;
}

/**
 * Products a batch starts from (`storeProductIds`), in the order given, each with the upload its
 * first image was copied into. The current workspace's plan must still include store sync (403
 * PLAN_REQUIRED, asked first); a product of another workspace, or deleted in the store, is "not
 * found"; one without a usable image is refused by name.
 */
export async function pickedStoreProducts(db: DbOrTx, user: SignedInUser, ids: readonly string[]): Promise<PickedProduct[]> {
  if (ids.length === 0) return [];
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_FAILED', storeMessages.duplicateProducts);
  const workspaceId = user.workspace.id;
  await decideEntitlement('storeConnections', user, workspaceId, (id) => workspacePlan(db, id));
  if (!canUseStore(viewerFor(user), workspaceId)) throw new AppError('NOT_FOUND', workspaceMessages.notFound);
  const rows = await queryRows<{ id: string; handle: string; title: string; upload_id: string | null }>(
    db,
    sql`select p.id, p.handle, p.title,
          (select i.upload_id from store_product_images i
            where i.product_id = p.id and i.upload_id is not null order by i.position limit 1) as upload_id
        from store_products p
        where p.id = any(${sql.param(ids)}::uuid[]) and p.workspace_id = ${workspaceId} and p.deleted_at is null`,
  );
  const found = new Map(rows.map((row) => [row.id, row]));
  const uploadIds = rows.flatMap((row) => (row.upload_id ? [row.upload_id] : []));
  const uploadRows = new Map((await findUploads(db, uploadIds)).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = found.get(id);
    if (!row) throw new AppError('NOT_FOUND', storeMessages.productNotFound);
    const upload = row.upload_id ? uploadRows.get(row.upload_id) : undefined;
    if (!upload) throw new AppError('VALIDATION_FAILED', storeMessages.productHasNoImageNamed(row.title));
    return { product: { id: row.id, handle: row.handle, title: row.title }, upload };
  });
}
