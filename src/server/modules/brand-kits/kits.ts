import type { z } from 'zod';
import { BRAND_KITS_PER_WORKSPACE, brandKitMessages, type BrandKit, type BrandKitList, type FontChoice } from '#contracts/brand-kits.ts';
import type { BrandKitInput } from '#contracts/brand-kits.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockForChange, requireMember, type BrandKitDeps } from './context.ts';
import { fontIdsOf, listFonts } from './font-repo.ts';
import { logoKeysOf } from './storage-keys.ts';
import {
  countKits,
  deleteKit,
  findDefaultKit,
  findKit,
  insertKit,
  listKits,
  oldestKit,
  switchDefault,
  updateKit,
  type BrandKitChanges,
  type BrandKitRow,
} from './repo.ts';
import { toBrandFont, toBrandKit } from './serialize.ts';

/** A kit's fields as the contract's validation made them (trimmed, colours upper-case). */
export type KitInput = z.output<typeof BrandKitInput>;

/** Uploaded fonts a kit names must be fonts of the same workspace (catalogue ids were checked by the contract). */
async function checkFontChoices(db: DbOrTx, workspaceId: string, choices: Array<FontChoice | undefined>): Promise<void> {
  const uploaded = choices.flatMap((c) => (c?.kind === 'uploaded' ? [c.id] : []));
  const known = await fontIdsOf(db, workspaceId, uploaded);
  if (uploaded.some((id) => !known.has(id))) throw new AppError('BAD_REQUEST', brandKitMessages.fontChoiceInvalid);
}

async function requireKit(tx: DbOrTx, workspaceId: string, kitId: string): Promise<BrandKitRow> {
  const kit = await findKit(tx, workspaceId, kitId);
  if (!kit) throw new AppError('NOT_FOUND', brandKitMessages.notFound);
  return kit;
}

/** Listing, creating, changing, choosing the default and deleting brand kits (docs/product-rules.md#brand-kits). */
export function createKitOperations(deps: BrandKitDeps) {
  const { db, storage } = deps;

  return {
    async list(user: SignedInUser, workspaceId: string): Promise<BrandKitList> {
      requireMember(user, workspaceId);
      const [kits, fonts] = await Promise.all([listKits(db, workspaceId), listFonts(db, workspaceId)]);
      return {
        kits: await Promise.all(kits.map((k) => toBrandKit(storage, k))),
        fonts: await Promise.all(fonts.map((f) => toBrandFont(storage, f))),
      };
    },

    /** The first kit of a workspace becomes its default; at most BRAND_KITS_PER_WORKSPACE (409). */
    async create(user: SignedInUser, workspaceId: string, input: KitInput): Promise<BrandKit> {
      const row = await db.transaction(async (tx) => {
        await lockForChange(tx, user, workspaceId);
        if ((await countKits(tx, workspaceId)) >= BRAND_KITS_PER_WORKSPACE)
          throw new AppError('CONFLICT', brandKitMessages.tooManyKits(BRAND_KITS_PER_WORKSPACE));
        await checkFontChoices(tx, workspaceId, [input.headingFont, input.bodyFont]);
        const isDefault = !(await findDefaultKit(tx, workspaceId));
        return insertKit(tx, { ...input, workspaceId, isDefault, createdBy: user.id });
      });
      return toBrandKit(storage, row);
    },

    async update(user: SignedInUser, workspaceId: string, kitId: string, changes: BrandKitChanges): Promise<BrandKit> {
      const row = await db.transaction(async (tx) => {
        await lockForChange(tx, user, workspaceId);
        await requireKit(tx, workspaceId, kitId);
        await checkFontChoices(tx, workspaceId, [changes.headingFont, changes.bodyFont]);
        const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as BrandKitChanges;
        return (await updateKit(tx, workspaceId, kitId, defined))!;
      });
      return toBrandKit(storage, row);
    },

    /** Clears the old default and sets the new one in one transaction. */
    async makeDefault(user: SignedInUser, workspaceId: string, kitId: string): Promise<BrandKit> {
      const row = await db.transaction(async (tx) => {
        await lockForChange(tx, user, workspaceId);
        await requireKit(tx, workspaceId, kitId);
        return (await switchDefault(tx, workspaceId, kitId))!;
      });
      return toBrandKit(storage, row);
    },

    /** Owners and admins; the oldest other kit becomes the default; the logos' files go after the row. */
    async remove(user: SignedInUser, workspaceId: string, kitId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        await lockForChange(tx, user, workspaceId, true);
        await requireKit(tx, workspaceId, kitId);
        const kit = (await deleteKit(tx, workspaceId, kitId))!;
        const next = kit.isDefault ? await oldestKit(tx, workspaceId) : undefined;
        if (next) await switchDefault(tx, workspaceId, next.id);
        return kit;
      });
      await Promise.all(logoKeysOf(removed).map((key) => storage.delete(key).catch(() => undefined)));
    },
  };
}

export type KitOperations = ReturnType<typeof createKitOperations>;
