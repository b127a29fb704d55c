import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { inArray, or } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import { klips } from '../../db/schema/index.ts';
import { objectKey } from './s3-storage.ts';
import { contentTypeForKey, isValidKey, klipFileVisibility, type FileVisibility, type Storage } from './storage.ts';

export interface LocalToS3Migration {
  db: Db;
  /** The local store's folder (DATA_DIR/storage). */
  localRoot: string;
  /** The bucket's storage (createS3Storage). */
  target: Storage;
  /** Size of the object at `{visibility}/{key}` in the bucket; null when that prefix does not hold it. */
  sizeInBucket(key: string, visibility: FileVisibility): Promise<number | null>;
  log(line: string): void;
  /** Files copied at the same time (each large one goes up two parts at a time). */
  concurrency?: number;
}

export interface MigrationSummary {
  copied: number;
  /** In the bucket already, under the other prefix: moved to the right one. */
  moved: number;
  /** In the bucket already at the right prefix with the same size. */
  skipped: number;
  /** Files under klips/ of no klip: left out. */
  orphans: number;
  /** Leftovers of interrupted writes (*.tmp), names that are no storage key, and link-preview cards (drawn again on demand). */
  ignored: number;
  failed: number;
}

/** Files looked up in the database together (one query per batch). */
const BATCH = 200;

/**
 * Copies every file of the local store into the bucket, at the prefix its visibility asks for:
 * a klip's files follow the klip, uploads and cached exports are private, link-preview cards are left
 * out (each is drawn again when first asked for), everything else (avatars, inspirations) is public. Idempotent and resumable: a file the bucket holds already at the right prefix with the
 * same size is skipped, one under the wrong prefix is moved; a failed file is counted and the run
 * goes on, so a second run copies exactly what the first one did not.
 */
export async function migrateLocalToS3(migration: LocalToS3Migration): Promise<MigrationSummary> {
  const summary: MigrationSummary = { copied: 0, moved: 0, skipped: 0, orphans: 0, ignored: 0, failed: 0 };
  let batch: string[] = [];
  const flush = async () => {
    const visibilities = await visibilitiesOf(migration.db, batch);
    await forEachLimited(batch, migration.concurrency ?? 4, (key) => migrateFile(migration, key, visibilities.get(key), summary));
    batch = [];
  };
  for await (const key of filesUnder(migration.localRoot)) {
    if (key.endsWith('.tmp') || key.startsWith('social/')) {
      summary.ignored++;
      continue;
    }
    if (!isValidKey(key)) {
      migration.log(`• ${key}: not a storage key, left alone`);
      summary.ignored++;
      continue;
    }
    batch.push(key);
    if (batch.length === BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return summary;
}

/** A key's visibility; undefined for a klip file of no klip (an orphan). */
async function visibilitiesOf(db: Db, keys: readonly string[]): Promise<Map<string, FileVisibility | undefined>> {
  const klipKeys = keys.filter((key) => key.startsWith('klips/'));
  const byKlip = new Map<string, FileVisibility>();
  if (klipKeys.length > 0) {
    const rows = await db
      .select({ mediaKey: klips.mediaKey, thumbnailKey: klips.thumbnailKey, posterKey: klips.posterKey, isPublic: klips.isPublic })
      .from(klips)
      .where(or(inArray(klips.mediaKey, klipKeys), inArray(klips.thumbnailKey, klipKeys), inArray(klips.posterKey, klipKeys)));
    for (const row of rows) {
      for (const key of [row.mediaKey, row.thumbnailKey, row.posterKey]) if (key) byKlip.set(key, klipFileVisibility(row));
    }
  }
  return new Map(
    keys.map(
      (key) =>
        [key, key.startsWith('klips/') ? byKlip.get(key) : privatePrefixes.some((p) => key.startsWith(p)) ? 'private' : 'public'] as const,
    ),
  );
}

/** Files of no klip that only their owner may read. */
const privatePrefixes = ['uploads/', 'exports/', 'renditions/'];

async function migrateFile(
  migration: LocalToS3Migration,
  key: string,
  visibility: FileVisibility | undefined,
  summary: MigrationSummary,
): Promise<void> {
  if (!visibility) {
    migration.log(`• ${key}: no klip has this file, left out`);
    summary.orphans++;
    return;
  }
  const other: FileVisibility = visibility === 'public' ? 'private' : 'public';
  try {
    const file = path.join(migration.localRoot, key);
    const { size } = await stat(file);
    const [atRightPrefix, atOtherPrefix] = await Promise.all([migration.sizeInBucket(key, visibility), migration.sizeInBucket(key, other)]);
    if (atRightPrefix === size && atOtherPrefix === null) {
      summary.skipped++;
      return;
    }
    if (atOtherPrefix === size && (atRightPrefix === null || atRightPrefix === size)) {
      // The klip changed visibility since an earlier run, or a move was cut off: the copy there is this file.
      await migration.target.setVisibility(key, visibility);
      migration.log(`✔ ${key}: moved to ${visibility}`);
      summary.moved++;
      return;
    }
    // Something else sits there (an interrupted or older copy): replace it, leaving nothing under the other prefix.
    if (atOtherPrefix !== null) await migration.target.delete(key);
    await migration.target.put(key, createReadStream(file), { contentType: contentTypeForKey(key), visibility });
    migration.log(`✔ ${key}: copied (${visibility})`);
    summary.copied++;
  } catch (err) {
    migration.log(`✖ ${key}: ${(err as Error).message}`);
    summary.failed++;
  }
}

/** The keys of every file under the folder ('/'-separated), one directory open at a time. */
async function* filesUnder(root: string, prefix = ''): AsyncGenerator<string> {
  let directory;
  try {
    directory = await opendir(path.join(root, prefix));
  } catch (err) {
    if (!prefix && (err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for await (const entry of directory) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(root, name);
    else if (entry.isFile()) yield name;
  }
}

async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** HeadObject of `{visibility}/{key}`: the size the bucket holds there, or null. */
export function s3ObjectSizes(client: S3Client, bucket: string): LocalToS3Migration['sizeInBucket'] {
  return async (key, visibility) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key, visibility) }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  };
}
