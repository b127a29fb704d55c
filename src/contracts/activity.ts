import { z } from 'zod';
import { defineContract } from './contract.ts';

/** Kinds of entries in the platform activity log that God Mode shows (docs/product-rules.md#activity-log). */
export const activityTypes = [
  'sign_up',
  'email_verified',
  'generation_succeeded',
  'generation_failed',
  'purchase',
  'renewal',
  'payment_failed',
  'subscription_changed',
  'subscription_canceled',
  'waitlist_approved',
  'role_changed',
  'credit_adjustment',
  'klip_visibility_changed',
  'klip_deleted',
  'model_toggled',
  'trained_model_visibility_changed',
  'webhook_delivered',
  'webhook_failed',
  'store_connected',
  'store_disconnected',
  'store_webhook',
] as const;
export type ActivityType = (typeof activityTypes)[number];

/** God Mode's Activity tab shows the latest this many entries (docs/product-rules.md#activity-log). */
export const ACTIVITY_LOG_LIMIT = 100;

export const ActivityLogEntry = z
  .object({
    id: z.string(),
    createdAt: z.iso.datetime(),
    type: z.enum(activityTypes),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).nullable(),
    /** Who did it, when a person did (an admin's action, a user's sign-up). */
    actorEmail: z.string().nullable(),
  })
  .meta({ id: 'ActivityLogEntry' });
export type ActivityLogEntry = z.infer<typeof ActivityLogEntry>;

export const listActivity = defineContract({
  method: 'GET',
  path: '/api/admin/activity',
  summary: 'The latest 100 activity log entries, newest first, optionally of one type (super admins only)',
  tags: ['admin'],
  query: z.object({ type: z.enum(activityTypes, 'Unknown activity type').optional() }),
  status: 200,
  response: z.object({ entries: z.array(ActivityLogEntry) }),
  errors: [400, 401, 403],
  auth: 'admin',
});
