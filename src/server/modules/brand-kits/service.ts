import type { SignedInUser } from '../../http/caller.ts';
import { resolveBrandChoice } from './brand-choice.ts';
import type { BrandKitDeps } from './context.ts';
import { createFileOperations } from './files.ts';
import { createKitOperations } from './kits.ts';
import { loadBrandKitForRender } from './render-kit.ts';

/** Brand kits, their logos and the workspace's uploaded fonts (docs/product-rules.md#brand-kits). */
export function createBrandKitService(deps: BrandKitDeps) {
  return {
    kits: createKitOperations(deps),
    files: createFileOperations(deps),
    /** The kit an ad is drawn with (the workspace's default when `kitId` is null); see render-kit.ts. */
    forRender: (workspaceId: string, kitId: string | null) => loadBrandKitForRender(deps, workspaceId, kitId),
    /** 'Use brand kit' on a request: the kit's voice and colours, or 403 PLAN_REQUIRED / 404; see brand-choice.ts. */
    choose: (user: SignedInUser, kitId: string | undefined) => resolveBrandChoice(deps.db, user, kitId),
  };
}

export type BrandKitService = ReturnType<typeof createBrandKitService>;
export type { BrandKitForRender, RenderFont } from './render-kit.ts';
export { resolveBrandChoice, type BrandChoice } from './brand-choice.ts';
