import { sql, type SQL } from 'drizzle-orm';
import { TRENDING_WINDOW_DAYS, type CollectionSort, type KlipTypeFilter } from '#contracts/klips.ts';
import type { KlipSource, KlipType, VoteType } from '#contracts/klip-kinds.ts';
import type { WorkspaceKind } from '#contracts/workspace-kinds.ts';
import { queryPreparedRows, queryRows, type DbOrTx } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { containsPattern, keysetTimestamp } from '../../db/sql-text.ts';

/**
 * The one list query of klips (dashboard, collection, God Mode, a single klip): one SQL statement
 * per page. A keyset CTE picks the page's ids along an index (13 rows for 12: the 13th only says
 * there is a next page), then the outer select adds creator, the viewer's vote, tags and
 * attributes with correlated subqueries — no N+1, and only for the rows of the page.
 */

/**
 * Which klips a list may show at all: decided by the caller from the access rules. `workspaceId`
 * is a workspace's library; `ownerId` is what one member made (God Mode's filter by user).
 */
export type KlipListScope = { workspaceId: string } | { ownerId: string } | { publicOnly: true } | { all: true };

export interface KlipListFilter {
  /** Prompt contains, case-insensitive. */
  search?: string | undefined;
  type?: KlipTypeFilter | undefined;
  /** A lower-cased tag name. */
  tag?: string | undefined;
  /** God Mode's filters. */
  visibility?: 'public' | 'private' | undefined;
  hasVotes?: boolean | undefined;
  /** One klip (getKlip). */
  id?: string | undefined;
}

export interface KlipListQuery {
  scope: KlipListScope;
  filter: KlipListFilter;
  sort: CollectionSort;
  cursor?: string | undefined;
  /** Whose vote each row carries; null for visitors. */
  viewerId: string | null;
  limit: number;
}

export interface KlipListRow {
  id: string;
  /** The member who made it. */
  userId: string;
  workspaceId: string;
  workspaceKind: WorkspaceKind;
  workspaceName: string;
  /** The team's avatar (personal workspaces show the maker's profile avatar). */
  workspaceAvatarKey: string | null;
  /** The workspace's updated_at in epoch milliseconds (the team avatar URL's version). */
  workspaceVersion: string;
  klipType: KlipType;
  mediaKey: string;
  thumbnailKey: string | null;
  posterKey: string | null;
  width: number | null;
  height: number | null;
  prompt: string;
  modelName: string;
  source: KlipSource;
  isPublic: boolean;
  /** ISO 8601 with milliseconds, as the API shows it. */
  createdAt: string;
  archivedCount: number;
  oneStarCount: number;
  twoStarsCount: number;
  heartCount: number;
  superlikeCount: number;
  creatorName: string;
  /** Only God Mode shows it (AdminKlipCard); KlipCard leaves it out. */
  creatorEmail: string;
  avatarKey: string | null;
  /** The profile's updated_at in epoch milliseconds (the avatar URL's version). */
  avatarVersion: string;
  viewerVote: VoteType | null;
  tags: string[];
  attributes: Array<{ name: string; value: string }>;
}

export interface KlipListPage {
  rows: KlipListRow[];
  nextCursor: string | null;
}

// Every ORDER BY says "desc nulls last" as the indexes do (drizzle's .desc()): plain "desc" means
// nulls first, and PostgreSQL would then sort the whole table instead of reading an index.

/**
 * A tag's klips are read by one of two statements, chosen by how many klips carry the tag. A rare
 * tag (at most RARE_TAG_KLIPS) comes with its klips' ids: the page reads them by primary key and
 * sorts that handful, a plan that holds for any such tag, so the statement is prepared once. A
 * common tag goes in as its id and is planned with that value every time: PostgreSQL walks the
 * sort's index and probes klip_tags, which for a common tag finds a page quickly.
 */
export const RARE_TAG_KLIPS = 1000;

export type ResolvedTag = { rare: true; klipIds: string[] } | { rare: false; id: string };

/** A filter with its tag resolved (ResolvedTag). */
export type ResolvedKlipListFilter = Omit<KlipListFilter, 'tag'> & { tag?: ResolvedTag | undefined };

/** Scope and filters on `k` (klips), written so the partial indexes' predicates match. */
function conditions(scope: KlipListScope, filter: ResolvedKlipListFilter): SQL {
  const parts: SQL[] = [];
  if ('workspaceId' in scope) parts.push(sql`k.workspace_id = ${scope.workspaceId}::uuid`);
  else if ('ownerId' in scope) parts.push(sql`k.user_id = ${scope.ownerId}`);
  else if ('publicOnly' in scope) parts.push(sql`k.is_public`);
  if (filter.visibility === 'public') parts.push(sql`k.is_public`);
  if (filter.visibility === 'private') parts.push(sql`not k.is_public`);
  if (filter.type && filter.type !== 'all') parts.push(sql`k.klip_type = ${filter.type}`);
  if (filter.search) parts.push(sql`k.prompt ilike ${containsPattern(filter.search)}`);
  if (filter.tag?.rare) parts.push(sql`k.id = any(${`{${filter.tag.klipIds.join(',')}}`}::uuid[])`);
  else if (filter.tag) parts.push(sql`exists (select 1 from klip_tags kt where kt.klip_id = k.id and kt.tag_id = ${filter.tag.id}::uuid)`);
  if (filter.hasVotes !== undefined) {
    const votes = sql`(k.archived_count + k.one_star_count + k.two_stars_count + k.heart_count + k.superlike_count)`;
    parts.push(filter.hasVotes ? sql`${votes} > 0` : sql`${votes} = 0`);
  }
  if (filter.id) parts.push(sql`k.id = ${filter.id}::uuid`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

const recentHeart = sql`v.vote_type = 'heart' and v.updated_at > now() - make_interval(days => ${TRENDING_WINDOW_DAYS})`;

type PageQuery = (where: SQL, keys: string[] | undefined, take: SQL) => SQL;

const createdText = keysetTimestamp(sql`k.created_at`);

/**
 * Per sort: the page's ids and sort keys (as text for the cursor, and as values to order by),
 * `take` rows after the cursor's keys (cursor.ts's cursorKeys order).
 */
const pageQueries: Record<CollectionSort, PageQuery> = {
  latest: (where, keys, take) => {
    const after = keys ? sql`and (k.created_at, k.id) < (${keys[0]}::timestamptz, ${keys[1]}::uuid)` : sql``;
    return sql`select k.id, k.created_at, ${createdText} as key_created
      from klips k where ${where} ${after}
      order by k.created_at desc nulls last, k.id desc nulls last limit ${take}`;
  },
  top: (where, keys, take) => {
    const after = keys
      ? sql`and (k.rating_score, k.created_at, k.id) < (${keys[0]}::int, ${keys[1]}::timestamptz, ${keys[2]}::uuid)`
      : sql``;
    return sql`select k.id, k.rating_score, k.created_at, k.rating_score::text as key_rating, ${createdText} as key_created
      from klips k where ${where} ${after}
      order by k.rating_score desc nulls last, k.created_at desc nulls last, k.id desc nulls last limit ${take}`;
  },
  // Two pieces, each along its own index and limited: the klips with hearts in the window (few,
  // from klip_votes_type_updated_idx), then the rest newest first. No page sorts the collection.
  trending: (where, keys, take) => {
    const bucket = keys ? Number(keys[0]) : 0;
    const heartedAfter = keys
      ? sql`and (h.hearts, k.created_at, k.id) < (${keys[1]}::int, ${keys[2]}::timestamptz, ${keys[3]}::uuid)`
      : sql``;
    const restAfter = keys && bucket === 1 ? sql`and (k.created_at, k.id) < (${keys[2]}::timestamptz, ${keys[3]}::uuid)` : sql``;
    const hearted =
      bucket === 0
        ? sql`(select 0 as bucket, h.hearts, k.id, k.created_at
            from (select v.klip_id, count(*)::int as hearts from klip_votes v where ${recentHeart} group by v.klip_id) h
            join klips k on k.id = h.klip_id
            where ${where} ${heartedAfter}
            order by h.hearts desc nulls last, k.created_at desc nulls last, k.id desc nulls last limit ${take})
          union all `
        : sql``;
    return sql`select p.*, p.bucket::text as key_bucket, p.hearts::text as key_hearts, ${keysetTimestamp(sql`p.created_at`)} as key_created from (
      ${hearted}
      (select 1 as bucket, 0 as hearts, k.id, k.created_at from klips k
        where ${where} ${restAfter} and not exists (select 1 from klip_votes v where v.klip_id = k.id and ${recentHeart})
        order by k.created_at desc nulls last, k.id desc nulls last limit ${take})
    ) p order by p.bucket, p.hearts desc nulls last, p.created_at desc nulls last, p.id desc nulls last limit ${take}`;
  },
};

const outerOrder: Record<CollectionSort, SQL> = {
  latest: sql`page.created_at desc nulls last, page.id desc nulls last`,
  top: sql`page.rating_score desc nulls last, page.created_at desc nulls last, page.id desc nulls last`,
  trending: sql`page.bucket, page.hearts desc nulls last, page.created_at desc nulls last, page.id desc nulls last`,
};

/** The cursor keys of a page's last row, in cursorKeys order. */
const cursorValues: Record<CollectionSort, (row: Record<string, string>) => string[]> = {
  latest: (row) => [row['key_created']!, row['id']!],
  top: (row) => [row['key_rating']!, row['key_created']!, row['id']!],
  trending: (row) => [row['key_bucket']!, row['key_hearts']!, row['key_created']!, row['id']!],
};

/** The statement of one page: `limit + 1` rows (the last one only says there is a next page). */
export function klipListStatement(query: Omit<KlipListQuery, 'filter'> & { filter: ResolvedKlipListFilter }): SQL {
  // The row count is part of the text, not a parameter: a prepared statement's generic plan cannot
  // see a parameter's value and would plan `limit $n` as for a tenth of the collection.
  if (!Number.isSafeInteger(query.limit) || query.limit < 1) throw new Error(`page size ${query.limit} is not a positive integer`);
  const take = sql.raw(String(query.limit + 1));
  const keys = query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.sort);
  const viewerVote = query.viewerId
    ? sql`(select v.vote_type from klip_votes v where v.klip_id = k.id and v.user_id = ${query.viewerId})`
    : sql`null::text`;
  // The workspace is one primary-key read in the select list, its fields in one JSON array: a join
  // (or a subquery a field) made every page measurably slower to plan and run (npm run bench -- collections).
  return sql`with page as (${pageQueries[query.sort](conditions(query.scope, query.filter), keys, take)})
      select page.*, k.user_id as "userId", k.workspace_id as "workspaceId",
        (select json_build_array(ws.kind, ws.name, ws.avatar_key, floor(extract(epoch from ws.updated_at) * 1000)::bigint::text)
          from workspaces ws where ws.id = k.workspace_id) as workspace,
        k.klip_type as "klipType", k.media_key as "mediaKey",
        k.thumbnail_key as "thumbnailKey", k.poster_key as "posterKey", k.width, k.height, k.prompt,
        k.model_name as "modelName", k.source, k.is_public as "isPublic",
        to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
        k.archived_count as "archivedCount", k.one_star_count as "oneStarCount", k.two_stars_count as "twoStarsCount",
        k.heart_count as "heartCount", k.superlike_count as "superlikeCount",
        coalesce(p.display_name, u.name) as "creatorName", u.email as "creatorEmail", p.avatar_key as "avatarKey",
        floor(extract(epoch from p.updated_at) * 1000)::bigint::text as "avatarVersion",
        ${viewerVote} as "viewerVote",
        coalesce((select json_agg(t.name order by t.name) from klip_tags kt join tags t on t.id = kt.tag_id where kt.klip_id = k.id), '[]'::json) as tags,
        coalesce((select json_agg(json_build_object('name', a.name, 'value', a.value) order by a.name)
          from klip_attributes a where a.klip_id = k.id), '[]'::json) as attributes
      from page
      join klips k on k.id = page.id
      join users u on u.id = k.user_id
      left join user_profiles p on p.user_id = k.user_id
      order by ${outerOrder[query.sort]}`;
}

/** A row as the statement returns it: the workspace's fields in one array, in the order it builds them. */
type StatementRow = Omit<KlipListRow, 'workspaceKind' | 'workspaceName' | 'workspaceAvatarKey' | 'workspaceVersion'> &
  Record<string, string> & { workspace: [WorkspaceKind, string, string | null, string] };

/** The tag by its lower-cased name, with its klips' ids when it is rare; undefined when no klip carries it. */
async function resolveTag(db: DbOrTx, name: string): Promise<ResolvedTag | undefined> {
  // Prepared: one plan for every tag (a unique index read and an index-only scan of klip_tags).
  const [found] = await queryPreparedRows<{ id: string; klipIds: string[] }>(
    db,
    sql`select t.id, array(select kt.klip_id::text from klip_tags kt where kt.tag_id = t.id limit ${sql.raw(String(RARE_TAG_KLIPS + 1))}) as "klipIds"
      from tags t where lower(t.name) = ${name}`,
  );
  if (!found || found.klipIds.length === 0) return undefined;
  return found.klipIds.length <= RARE_TAG_KLIPS ? { rare: true, klipIds: found.klipIds } : { rare: false, id: found.id };
}

export async function listKlips(db: DbOrTx, query: KlipListQuery): Promise<KlipListPage> {
  const { tag: tagName, ...filter } = query.filter;
  const tag = tagName === undefined ? undefined : await resolveTag(db, tagName);
  // A tag nobody uses: nothing to list, and nothing to plan (a bad cursor is still refused).
  if (tagName !== undefined && !tag) {
    if (query.cursor !== undefined) decodeCursor(query.cursor, query.sort);
    return { rows: [], nextCursor: null };
  }
  const statement = klipListStatement({ ...query, filter: { ...filter, tag } });
  // The public collection's plain pages and its rare tags (the hot paths: only the cursor, the
  // viewer and the ids vary) run as prepared statements that PostgreSQL plans once per connection;
  // a search, a common tag or a workspace is planned with its values every time, since how many
  // rows they match decides the plan.
  const plain = 'publicOnly' in query.scope && !filter.search && (tag === undefined || tag.rare);
  const read = plain ? await queryPreparedRows<StatementRow>(db, statement) : await queryRows<StatementRow>(db, statement);
  // Each row keeps its sort keys (key_…) beside its fields: the cursor is made from the last one.
  const rows = read.map(
    ({ workspace: [workspaceKind, workspaceName, workspaceAvatarKey, workspaceVersion], ...row }) =>
      ({ ...row, workspaceKind, workspaceName, workspaceAvatarKey, workspaceVersion }) as KlipListRow & Record<string, string>,
  );
  const hasMore = rows.length > query.limit;
  const pageRows = hasMore ? rows.slice(0, query.limit) : rows;
  return { rows: pageRows, nextCursor: hasMore ? encodeCursor(query.sort, cursorValues[query.sort](pageRows.at(-1)!)) : null };
}
