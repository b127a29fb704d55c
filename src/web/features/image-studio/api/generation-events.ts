import { generationEventsPath } from '../../../../contracts/generation.ts';

/** GET /api/generations/:id/events: Server-Sent Events, one `job` event per change until the job ends. */
export function generationEventsUrl(id: string): string {
  return generationEventsPath.replace(':id', encodeURIComponent(id));
}
