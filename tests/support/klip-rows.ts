import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { KlipType } from '#contracts/klip-kinds.ts';
import { queryRows, type DbOrTx } from '#server/db/client.ts';
import { klipAttributes, klips, klipTags, userProfiles, users } from '#server/db/schema/index.ts';

// Bulk rows for list tests and the bench (no vitest here: bench code imports it too). The rows
// are what the generation flow would leave, without files: URLs point at keys nobody stored.

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

export interface SeedKlip {
  /** The member who made it. */
  userId: string;
  /** The workspace it belongs to; default: the personal workspace of `userId`. */
  workspaceId?: string;
  /** Any text PostgreSQL reads as timestamptz; microseconds are kept. Default: now(). */
  createdAt?: string;
  isPublic?: boolean;
  klipType?: KlipType;
  prompt?: string;
  modelName?: string;
  /** Lower-case tag names; shared tag rows are created once. */
  tags?: readonly string[];
  attributes?: Readonly<Record<string, string>>;
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** `count` confirmed users with a profile named `${prefix} ${i}` (they cannot sign in: no password); their ids. */
export async function insertUsers(db: DbOrTx, count: number, prefix = 'creator'): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    name: `${prefix} ${i}`,
    email: `${prefix}-${i}-${randomUUID().slice(0, 8)}@example.com`,
    emailVerified: true,
  }));
  for (const part of chunks(rows)) {
    await db.insert(users).values(part);
    await db.insert(userProfiles).values(part.map((u) => ({ userId: u.id, displayName: u.name })));
  }
  return rows.map((r) => r.id);
}

/** The personal workspace of each user, in one query. */
export async function personalWorkspaces(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<{ id: string; personalOf: string }>(
    db,
    sql`select id, personal_of as "personalOf" from workspaces where personal_of = any(${sql.param(unique)}::text[])`,
  );
  return new Map(rows.map((r) => [r.personalOf, r.id]));
}

/** Inserts the klips in bulk (ids generated here, so they come back in the given order). */
export async function insertKlipRows(db: DbOrTx, specs: readonly SeedKlip[]): Promise<string[]> {
  const rows = specs.map((spec) => ({ spec, id: randomUUID() }));
  const personal = await personalWorkspaces(
    db,
    specs.filter((spec) => spec.workspaceId === undefined).map((spec) => spec.userId),
  );
  for (const part of chunks(rows)) {
    await db.insert(klips).values(
      part.map(({ spec, id }) => ({
        id,
        workspaceId: spec.workspaceId ?? personal.get(spec.userId)!,
        userId: spec.userId,
        klipType: spec.klipType ?? 'image',
        mediaKey: `klips/${spec.userId}/${id}.${spec.klipType === 'video' ? 'mp4' : 'png'}`,
        thumbnailKey: spec.klipType === 'video' ? null : `klips/${spec.userId}/${id}-thumb.webp`,
        posterKey: spec.klipType === 'video' ? `klips/${spec.userId}/${id}-poster.webp` : null,
        mimeType: spec.klipType === 'video' ? 'video/mp4' : 'image/png',
        width: 1024,
        height: 1024,
        prompt: spec.prompt ?? `seeded klip ${id}`,
        modelName: spec.modelName ?? 'Flux 1.1 Pro Ultra',
        source: 'local' as const,
        isPublic: spec.isPublic ?? false,
        ...(spec.createdAt ? { createdAt: sql`${spec.createdAt}::timestamptz` as unknown as Date } : {}),
      })),
    );
  }
  const attributes = rows.flatMap(({ spec, id }) =>
    Object.entries(spec.attributes ?? {}).map(([name, value]) => ({ klipId: id, name, value })),
  );
  for (const part of chunks(attributes)) await db.insert(klipAttributes).values(part);
  await tagRows(
    db,
    rows.flatMap(({ spec, id }) => (spec.tags ?? []).map((name) => ({ klipId: id, name }))),
  );
  return rows.map((r) => r.id);
}

async function tagRows(db: DbOrTx, links: Array<{ klipId: string; name: string }>): Promise<void> {
  if (links.length === 0) return;
  const names = [...new Set(links.map((l) => l.name))];
  const ids = new Map<string, string>();
  for (const part of chunks(names)) {
    const values = sql.join(
      part.map((n) => sql`(${n})`),
      sql`, `,
    );
    await db.execute(sql`insert into tags (name) values ${values} on conflict (lower(name)) do nothing`);
    const found = await queryRows<{ id: string; name: string }>(
      db,
      sql`select id, lower(name) as name from tags where lower(name) in (${sql.join(
        part.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
    for (const row of found) ids.set(row.name, row.id);
  }
  for (const part of chunks(links)) {
    await db
      .insert(klipTags)
      .values(part.map((l) => ({ klipId: l.klipId, tagId: ids.get(l.name)! })))
      .onConflictDoNothing();
  }
}
