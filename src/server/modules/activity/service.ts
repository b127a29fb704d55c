import type { ActivityLogEntry, ActivityType } from '#contracts/activity.ts';
import type { Db } from '../../db/client.ts';
import { latestActivity, type ActivityRow } from './repo.ts';

export interface ActivityService {
  /** God Mode's log: the latest entries, newest first, optionally of one type. */
  latest(type?: ActivityType): Promise<ActivityLogEntry[]>;
}

function toEntry(row: ActivityRow): ActivityLogEntry {
  return {
    id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    message: row.message,
    details: row.details,
    actorEmail: row.actorEmail,
  };
}

export function createActivityService(deps: { db: Db }): ActivityService {
  return {
    latest: async (type) => (await latestActivity(deps.db, type)).map(toEntry),
  };
}
