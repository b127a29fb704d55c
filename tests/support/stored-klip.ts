import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { klips } from '#server/db/schema/index.ts';
import { ensureVerifiedUser } from '#server/modules/auth/users.ts';
import { personalWorkspaceId } from '#server/modules/workspaces/personal-repo.ts';
import { pngImage } from './images.ts';
import { signIn } from './session.ts';
import type { TestContext } from './test-app.ts';

export interface StoredKlipOptions {
  isPublic?: boolean;
  prompt?: string;
  klipType?: 'image' | 'video';
  /** The image (or, for a video, its poster); a PNG gradient by default. */
  picture?: Buffer;
  /** A video without a poster. */
  noPoster?: boolean;
  /** The workspace it belongs to; default: the personal workspace of its maker. */
  workspaceId?: string;
}

/** A signed-in, confirmed user with their id (for contexts without job workers). */
export async function userWithId(ctx: TestContext, email: string): Promise<{ id: string; cookie: string }> {
  const user = await ensureVerifiedUser(ctx.database.db, email, 'correct horse battery');
  await ctx.services.account.setUp(user);
  const { cookie } = await signIn(ctx, email, 'correct horse battery');
  return { id: user.id, cookie };
}

/**
 * A klip row with its files in storage, under the keys a generation gives them
 * (`klips/{userId}/{jobId}.png`, `-thumb.webp`, a video's `-poster.png`).
 */
export async function storedKlip(ctx: TestContext, userId: string, options: StoredKlipOptions = {}) {
  const jobId = randomUUID();
  const picture = options.picture ?? (await pngImage(96, 64));
  const video = options.klipType === 'video';
  const base = `klips/${userId}/${jobId}`;
  const mediaKey = video ? `${base}.mp4` : `${base}.png`;
  const thumbnailKey = `${base}-thumb.webp`;
  const posterKey = video && !options.noPoster ? `${base}-poster.png` : null;
  const visibility = options.isPublic ? 'public' : 'private';
  await ctx.storage.put(mediaKey, video ? Buffer.from('not really a video') : picture, {
    contentType: video ? 'video/mp4' : 'image/png',
    visibility,
  });
  await ctx.storage.put(thumbnailKey, picture, { contentType: 'image/webp', visibility });
  if (posterKey) await ctx.storage.put(posterKey, picture, { contentType: 'image/png', visibility });
  const [row] = await ctx.database.db
    .insert(klips)
    .values({
      workspaceId: options.workspaceId ?? (await personalWorkspaceId(ctx.database.db, userId)),
      userId,
      klipType: video ? 'video' : 'image',
      mediaKey,
      thumbnailKey,
      posterKey,
      mimeType: video ? 'video/mp4' : 'image/png',
      width: 96,
      height: 64,
      prompt: options.prompt ?? 'a glass perfume bottle on wet stone',
      modelName: 'flux-schnell',
      source: 'local',
      isPublic: options.isPublic ?? false,
      generationJobId: jobId,
    })
    .returning();
  return row!;
}

export async function setKlipPublic(ctx: TestContext, klipId: string, isPublic: boolean): Promise<void> {
  await ctx.database.db.update(klips).set({ isPublic }).where(eq(klips.id, klipId));
}
