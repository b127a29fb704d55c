import { followGeneration } from '#contracts/routes.ts';

/** GET /api/generations/:id/events: Server-Sent Events, one `job` event per change until the job ends. */
export function generationEventsUrl(id: string): string {
  return followGeneration.path.replace(':id', encodeURIComponent(id));
}
