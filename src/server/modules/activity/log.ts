import type { ActivityType } from '#contracts/activity.ts';
import type { Db } from '../../db/client.ts';
import { activityLog } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';

export interface ActivityEntry {
  type: ActivityType;
  message: string;
  details?: Record<string, unknown>;
  actorId?: string | null;
}

export type ActivityRecorder = (entry: ActivityEntry) => Promise<void>;

/**
 * Writes to the activity log after the action it records has happened. Writing never fails that
 * action: a failed write is logged and dropped.
 */
export function createActivityRecorder(deps: { db: Db; logger: Logger }): ActivityRecorder {
  return async (entry) => {
    try {
      await deps.db.insert(activityLog).values({
        type: entry.type,
        message: entry.message,
        details: entry.details ?? null,
        actorId: entry.actorId ?? null,
      });
    } catch (err) {
      deps.logger.warn({ err, activity: entry.type }, 'activity log write failed');
    }
  };
}
