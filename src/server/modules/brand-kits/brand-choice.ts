import { brandKitMessages } from '#contracts/brand-kits.ts';
import type { BrandVoice } from '#contracts/brand-voice.ts';
import type { DbOrTx } from '../../db/client.ts';
import { decideEntitlement } from '../../http/access.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { workspacePlan } from '../workspaces/plan-repo.ts';
import { requireMember } from './context.ts';
import { findKit } from './repo.ts';

/** The kit a request chose ('Use brand kit'): what the prompt helpers and the generation jobs are given. */
export interface BrandChoice {
  id: string;
  name: string;
  brand: BrandVoice;
}

/**
 * The brand kit a generation, batch or prompt helper request names, for other modules: a kit of the
 * caller's current workspace (the one that pays and owns what is made). 403 PLAN_REQUIRED when that
 * workspace's plan lacks brand kits (the router's own answer, asked first so a kit's existence is not
 * told to a plan without them); 404 `brandKitMessages.notFound` for a kit it does not have. No id: null.
 */
export async function resolveBrandChoice(db: DbOrTx, user: SignedInUser, kitId: string | undefined | null): Promise<BrandChoice | null> {
  if (!kitId) return null;
  const workspaceId = user.workspace.id;
  await decideEntitlement('brandKits', user, workspaceId, (id) => workspacePlan(db, id));
  requireMember(user, workspaceId);
  const kit = await findKit(db, workspaceId, kitId);
  if (!kit) throw new AppError('NOT_FOUND', brandKitMessages.notFound);
  return {
    id: kit.id,
    name: kit.name,
    brand: { voice: kit.voice, avoidWords: kit.avoidWords, colours: kit.colors.map(({ name, hex }) => ({ name, hex })) },
  };
}
