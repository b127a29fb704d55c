import { useQuery } from '@tanstack/react-query';
import type { ActivityType } from '#contracts/activity.ts';
import { contractQuery } from '#web/lib/contract-query.ts';
import { listActivity } from '#contracts/routes.ts';

/** GET /api/admin/activity: the latest entries, newest first, of one type or (undefined) all. */
export function useActivityLog(type: ActivityType | undefined) {
  // Built apart from useQuery: inside its call, TypeScript infers the answer's type from useQuery's parameter instead.
  const options = contractQuery(listActivity, { query: type ? { type } : {} });
  return useQuery(options);
}
