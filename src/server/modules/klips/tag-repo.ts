import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TagCount } from '#contracts/klips.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { klipTags, tags } from '../../db/schema/index.ts';
import type { KlipListScope } from './list-query.ts';

/** The klip's tag names, sorted. */
export async function klipTagNames(db: DbOrTx, klipId: string): Promise<string[]> {
  const rows = await db
    .select({ name: tags.name })
    .from(klipTags)
    .innerJoin(tags, eq(tags.id, klipTags.tagId))
    .where(eq(klipTags.klipId, klipId))
    .orderBy(asc(tags.name));
  return rows.map((r) => r.name);
}

/**
 * The shared tag rows of these (lower-cased) names, created when missing; a concurrent insert of
 * the same name waits for the other and reuses its row (unique on lower(name)).
 */
export async function ensureTags(tx: DbOrTx, names: readonly string[]): Promise<Map<string, string>> {
  const values = sql.join(
    names.map((n) => sql`(${n})`),
    sql`, `,
  );
  await tx.execute(sql`insert into tags (name) values ${values} on conflict (lower(name)) do nothing`);
  const rows = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select id, lower(name) as name from tags where lower(name) in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function linkTags(tx: DbOrTx, klipId: string, tagIds: readonly string[]): Promise<void> {
  if (tagIds.length === 0) return;
  await tx
    .insert(klipTags)
    .values(tagIds.map((tagId) => ({ klipId, tagId })))
    .onConflictDoNothing();
}

export async function klipTagIds(tx: DbOrTx, klipId: string): Promise<Set<string>> {
  const rows = await tx.select({ tagId: klipTags.tagId }).from(klipTags).where(eq(klipTags.klipId, klipId));
  return new Set(rows.map((r) => r.tagId));
}

export async function unlinkTag(tx: DbOrTx, klipId: string, name: string): Promise<void> {
  await tx.delete(klipTags).where(
    and(
      eq(klipTags.klipId, klipId),
      inArray(
        klipTags.tagId,
        tx
          .select({ id: tags.id })
          .from(tags)
          .where(sql`lower(${tags.name}) = ${name}`),
      ),
    ),
  );
}

/** Tags on the klips in scope with how many klips carry each, most used first, then by name. */
export async function tagCounts(db: DbOrTx, scope: KlipListScope, limit?: number): Promise<TagCount[]> {
  // Every klip_tags row belongs to a klip: over all of them, the klips table need not be read.
  const where =
    'workspaceId' in scope
      ? sql`k.workspace_id = ${scope.workspaceId}::uuid`
      : 'ownerId' in scope
        ? sql`k.user_id = ${scope.ownerId}`
        : sql`k.is_public`;
  const inScope = 'all' in scope ? sql`` : sql`join klips k on k.id = kt.klip_id where ${where}`;
  return queryRows<TagCount>(
    db,
    sql`select t.name, count(*)::int as count
      from klip_tags kt join tags t on t.id = kt.tag_id ${inScope}
      group by t.name order by count(*) desc, t.name
      ${limit ? sql`limit ${limit}` : sql``}`,
  );
}
