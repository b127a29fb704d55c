import { downloadKlip } from '../../../contracts/klips.ts';
import { ANSWERED, type Router } from '../../http/router.ts';
import type { KlipService } from './service.ts';

/** Downloads: the owner and super admins always, anyone for public klips; a private klip is "not found" to others. */
export function registerKlipRoutes(router: Router, deps: { klips: KlipService }): void {
  router.add(downloadKlip, {
    handler: async ({ params, query, reply, viewer }) => {
      const file = await deps.klips.download(params.id, query.format, viewer);
      reply
        .header('Content-Type', file.mimeType)
        .header('Content-Disposition', `attachment; filename="${query.name ?? 'klip'}.${file.extension}"`)
        .header('Cache-Control', 'private, no-store');
      await reply.send(file.data);
      return ANSWERED;
    },
  });
}
