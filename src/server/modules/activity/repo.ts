import { desc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVITY_LOG_LIMIT, activityTypes, type ActivityType } from '#contracts/activity.ts';
import type { DbOrTx } from '../../db/client.ts';
import { activityLog, users } from '../../db/schema/index.ts';

type Details = Record<string, unknown> | null;

export interface ActivityRow {
  id: number;
  createdAt: Date;
  type: ActivityType;
  message: string;
  details: Details;
  actorEmail: string | null;
}

/**
 * The latest ACTIVITY_LOG_LIMIT entries, newest first, optionally of one type
 * (activity_log_created_idx, activity_log_type_created_idx).
 * Rows of a type the app no longer knows are left out here, so an old entry never breaks the list.
 */
export async function latestActivity(db: DbOrTx, type?: ActivityType): Promise<ActivityRow[]> {
  const rows = await db
    .select({
      id: activityLog.id,
      createdAt: activityLog.createdAt,
      type: activityLog.type,
      message: activityLog.message,
      // Details are a JSON object by contract; anything else an old row holds reads as none.
      details: sql`case when jsonb_typeof(${activityLog.details}) = 'object' then ${activityLog.details} end`.mapWith(activityLog.details),
      actorEmail: users.email,
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actorId))
    .where(type ? eq(activityLog.type, type) : inArray(activityLog.type, [...activityTypes]))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(ACTIVITY_LOG_LIMIT);
  // The condition above keeps only known types, and the case expression only object details.
  return rows as ActivityRow[];
}
