import { randomUUID } from 'node:crypto';
import { BRAND_FONTS_PER_WORKSPACE, brandKitMessages, type BrandFont, type BrandKit, type LogoVariant } from '#contracts/brand-kits.ts';
import { cleanFileName } from '#contracts/file-names.ts';
import type { SignedInUser } from '../../http/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockForChange, requireMember, type BrandKitDeps } from './context.ts';
import { fontContentType, inspectFontFile } from './font-file.ts';
import { countFonts, deleteFont, findFont, insertFont, type BrandFontRow } from './font-repo.ts';
import { LOGO_CONTENT_TYPE, prepareLogo } from './logo-file.ts';
import { findKit, fontUsedByKit, setLogo, type BrandKitRow } from './repo.ts';
import { toBrandFont, toBrandKit } from './serialize.ts';
import { fontKey, logoKey } from './storage-keys.ts';

const tooManyFonts = () => new AppError('CONFLICT', brandKitMessages.tooManyFonts(BRAND_FONTS_PER_WORKSPACE));

/**
 * A kit's logos and the workspace's uploaded fonts (docs/product-rules.md#brand-kits). A file is
 * checked whole before anything is stored, stored before its row points at it, and a file no row
 * points at any more is removed after the commit (a missing file is not an error).
 */
export function createFileOperations(deps: BrandKitDeps) {
  const { db, storage } = deps;
  const discard = (key: string | null | undefined) => (key ? storage.delete(key).catch(() => undefined) : Promise.resolve());

  return {
    /** Replaces the light or dark logo with the uploaded one, as a PNG raster (an SVG is never kept). */
    async uploadLogo(user: SignedInUser, workspaceId: string, kitId: string, variant: LogoVariant, data: Buffer): Promise<BrandKit> {
      requireMember(user, workspaceId);
      if (!(await findKit(db, workspaceId, kitId))) throw new AppError('NOT_FOUND', brandKitMessages.notFound);
      const logo = await prepareLogo(data);
      const key = logoKey(workspaceId, kitId, variant);
      await storage.put(key, logo.data, { contentType: LOGO_CONTENT_TYPE, visibility: 'private' });
      let changed: { before: string | null; after: BrandKitRow };
      try {
        changed = await db.transaction(async (tx) => {
          await lockForChange(tx, user, workspaceId);
          const kit = await findKit(tx, workspaceId, kitId);
          if (!kit) throw new AppError('NOT_FOUND', brandKitMessages.notFound);
          const updated = await setLogo(tx, workspaceId, kitId, variant, { key, width: logo.width, height: logo.height });
          return { before: variant === 'light' ? kit.lightLogoKey : kit.darkLogoKey, after: updated! };
        });
      } catch (err) {
        await discard(key);
        throw err;
      }
      await discard(changed.before);
      return toBrandKit(storage, changed.after);
    },

    async removeLogo(user: SignedInUser, workspaceId: string, kitId: string, variant: LogoVariant): Promise<BrandKit> {
      const { before, after } = await db.transaction(async (tx) => {
        await lockForChange(tx, user, workspaceId);
        const kit = await findKit(tx, workspaceId, kitId);
        if (!kit) throw new AppError('NOT_FOUND', brandKitMessages.notFound);
        const updated = await setLogo(tx, workspaceId, kitId, variant, null);
        return { before: variant === 'light' ? kit.lightLogoKey : kit.darkLogoKey, after: updated! };
      });
      await discard(before);
      return toBrandKit(storage, after);
    },

    /** Stores the original bytes of a checked font; at most BRAND_FONTS_PER_WORKSPACE (409). */
    async uploadFont(user: SignedInUser, workspaceId: string, file: { data: Buffer; filename: string }): Promise<BrandFont> {
      requireMember(user, workspaceId);
      const { format, family } = await inspectFontFile(file.data);
      // Early answer without storing anything; the count is judged again under the lock.
      if ((await countFonts(db, workspaceId)) >= BRAND_FONTS_PER_WORKSPACE) throw tooManyFonts();
      const id = randomUUID();
      const key = fontKey(workspaceId, id, format);
      await storage.put(key, file.data, { contentType: fontContentType[format], visibility: 'private' });
      let row: BrandFontRow;
      try {
        row = await db.transaction(async (tx) => {
          await lockForChange(tx, user, workspaceId);
          if ((await countFonts(tx, workspaceId)) >= BRAND_FONTS_PER_WORKSPACE) throw tooManyFonts();
          return insertFont(tx, {
            id,
            workspaceId,
            family,
            fileName: cleanFileName(file.filename) ?? `${family}.${format}`,
            format,
            storageKey: key,
            byteSize: file.data.length,
            createdBy: user.id,
          });
        });
      } catch (err) {
        await discard(key);
        throw err;
      }
      return toBrandFont(storage, row);
    },

    /** Owners and admins; refused (409) while a kit of the workspace uses the font. */
    async removeFont(user: SignedInUser, workspaceId: string, fontId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        await lockForChange(tx, user, workspaceId, true);
        if (!(await findFont(tx, workspaceId, fontId))) throw new AppError('NOT_FOUND', brandKitMessages.fontNotFound);
        if (await fontUsedByKit(tx, workspaceId, fontId)) throw new AppError('CONFLICT', brandKitMessages.fontInUse);
        return (await deleteFont(tx, workspaceId, fontId))!;
      });
      await discard(removed.storageKey);
    },
  };
}

export type FileOperations = ReturnType<typeof createFileOperations>;
