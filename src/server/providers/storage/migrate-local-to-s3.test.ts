import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertKlipRows, insertUsers } from '#test-support/klip-rows.ts';
import { startS3Server, type TestS3Server } from '#test-support/s3-server.ts';
import { openTestDatabase } from '#test-support/test-database.ts';
import type { Database } from '../../db/client.ts';
import { klips } from '../../db/schema/index.ts';
import { createLocalStorage } from './local-storage.ts';
import { migrateLocalToS3, s3ObjectSizes, type LocalToS3Migration } from './migrate-local-to-s3.ts';
import { createS3Storage } from './s3-storage.ts';
import type { FileVisibility, Storage } from './storage.ts';

// postgres-pass: same

let database: Database;
let localRoot: string;
/** Every file of the local store that belongs in the bucket, and where. */
const expected = new Map<string, FileVisibility>();
let orphan: string;
let publicKlipId: string;
const contents = (key: string) => `bytes of ${key}`;

beforeAll(async () => {
  database = await openTestDatabase();
  localRoot = await mkdtemp(path.join(os.tmpdir(), 'klipt-storage-'));
  const [userId] = await insertUsers(database.db, 1);
  const [publicImage, privateVideo] = await insertKlipRows(database.db, [
    { userId: userId!, isPublic: true },
    { userId: userId!, isPublic: false, klipType: 'video' },
  ]);
  publicKlipId = publicImage!;
  const rows = await database.db.select().from(klips);
  const image = rows.find((r) => r.id === publicImage)!;
  const video = rows.find((r) => r.id === privateVideo)!;
  expected.set(image.mediaKey, 'public').set(image.thumbnailKey!, 'public');
  expected.set(video.mediaKey, 'private').set(video.posterKey!, 'private');
  expected.set(`uploads/${userId}/upload-1.png`, 'private');
  expected.set(`exports/${publicImage}/amazon-main-pad.jpg`, 'private');
  expected.set(`avatars/${userId}/avatar.webp`, 'public');
  expected.set('inspirations/images/insp-1.png', 'public');
  orphan = `klips/${userId}/deleted-long-ago.png`;
  const local = createLocalStorage(localRoot, { signingKey: Buffer.from('test signing key'), signedUrlSeconds: 900 });
  for (const [key, visibility] of [...expected, [orphan, 'private'] as const]) {
    await local.put(key, Buffer.from(contents(key)), { contentType: 'application/octet-stream', visibility });
  }
  // What a crash in the middle of a local write leaves behind, and a link-preview card (drawn again on demand).
  await writeFile(path.join(localRoot, `${image.mediaKey}.0b6f9a.tmp`), 'half a file');
  await local.put(`social/${publicImage}-0123456789abcdef01234567.jpg`, Buffer.from('card'), {
    contentType: 'image/jpeg',
    visibility: 'public',
  });
});
afterAll(async () => {
  await database?.close();
  await rm(localRoot, { recursive: true, force: true });
});

/** A migration into this server's bucket, its log kept. */
function migration(s3: TestS3Server, target?: Storage): LocalToS3Migration & { lines: string[] } {
  const lines: string[] = [];
  return {
    db: database.db,
    localRoot,
    target: target ?? createS3Storage(s3.config, { signedUrlSeconds: 900 }),
    sizeInBucket: s3ObjectSizes(s3.client(), s3.bucket),
    log: (line) => lines.push(line),
    lines,
  };
}

/** Which prefixes hold the key, and the bytes and content type at each. */
async function inBucket(client: S3Client, bucket: string, key: string) {
  const found: Array<{ prefix: FileVisibility; text: string; contentType: string | undefined }> = [];
  for (const prefix of ['public', 'private'] as const) {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}/${key}` }));
      found.push({ prefix, text: await object.Body!.transformToString(), contentType: object.ContentType });
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404) throw err;
    }
  }
  return found;
}

async function expectEveryFileInPlace(s3: TestS3Server) {
  const client = s3.client();
  for (const [key, visibility] of expected) {
    const found = await inBucket(client, s3.bucket, key);
    expect(
      found.map((f) => f.prefix),
      key,
    ).toEqual([visibility]);
    expect(found[0]?.text, key).toBe(contents(key));
  }
  expect(await inBucket(client, s3.bucket, orphan)).toEqual([]);
}

describe('migrating the local store into a bucket', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('copies each file under the prefix of its visibility (cached exports private), and leaves out orphans, leftovers and link-preview cards', async () => {
    const run = migration(s3);
    expect(await migrateLocalToS3(run)).toEqual({ copied: 8, moved: 0, skipped: 0, orphans: 1, ignored: 2, failed: 0 });
    await expectEveryFileInPlace(s3);
    const [video] = [...expected.keys()].filter((k) => k.endsWith('.mp4'));
    expect((await inBucket(s3.client(), s3.bucket, video!))[0]?.contentType).toBe('video/mp4');
    expect(run.lines).toContain(`• ${orphan}: no klip has this file, left out`);
  });

  it('copies nothing on a second run', async () => {
    const run = migration(s3);
    expect(await migrateLocalToS3(run)).toEqual({ copied: 0, moved: 0, skipped: 8, orphans: 1, ignored: 2, failed: 0 });
    await expectEveryFileInPlace(s3);
  });

  it('moves the files of a klip whose visibility changed since, and replaces a copy of another size', async () => {
    await database.db.update(klips).set({ isPublic: false }).where(eq(klips.id, publicKlipId));
    const [image] = await database.db.select().from(klips).where(eq(klips.id, publicKlipId));
    expected.set(image!.mediaKey, 'private').set(image!.thumbnailKey!, 'private');
    // Older copies of the avatar of other sizes, at its prefix and under the other one.
    const avatar = [...expected.keys()].find((k) => k.startsWith('avatars/'))!;
    await s3.client().send(new PutObjectCommand({ Bucket: s3.bucket, Key: `public/${avatar}`, Body: 'old' }));
    await s3.client().send(new PutObjectCommand({ Bucket: s3.bucket, Key: `private/${avatar}`, Body: 'stale' }));

    const run = migration(s3);
    expect(await migrateLocalToS3(run)).toEqual({ copied: 1, moved: 2, skipped: 5, orphans: 1, ignored: 2, failed: 0 });
    await expectEveryFileInPlace(s3);
    expect(run.lines).toContain(`✔ ${image!.mediaKey}: moved to private`);
  });
});

describe('a migration that fails midway', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('counts the failures, and a second run copies the rest', async () => {
    const bucket = createS3Storage(s3.config, { signedUrlSeconds: 900 });
    let puts = 0;
    const streamed: boolean[] = [];
    const failingAfterThree: Storage = {
      ...bucket,
      async put(key, data, options) {
        streamed.push(data instanceof Readable);
        if (++puts > 3) throw new Error('connection reset');
        await bucket.put(key, data, options);
      },
    };

    const first = migration(s3, failingAfterThree);
    expect(await migrateLocalToS3(first)).toEqual({ copied: 3, moved: 0, skipped: 0, orphans: 1, ignored: 2, failed: 5 });
    expect(first.lines.filter((l) => l.startsWith('✖')).map((l) => l.replace(/^✖ \S+: /, ''))).toEqual(Array(5).fill('connection reset'));
    expect(streamed).toEqual(Array(8).fill(true));

    const second = migration(s3);
    expect(await migrateLocalToS3(second)).toEqual({ copied: 5, moved: 0, skipped: 3, orphans: 1, ignored: 2, failed: 0 });
    await expectEveryFileInPlace(s3);
  });
});

it('has nothing to do without a local store', async () => {
  const s3 = await startS3Server();
  try {
    const run = { ...migration(s3), localRoot: path.join(localRoot, 'no-such-folder') };
    expect(await migrateLocalToS3(run)).toEqual({ copied: 0, moved: 0, skipped: 0, orphans: 0, ignored: 0, failed: 0 });
  } finally {
    await s3.close();
  }
});
