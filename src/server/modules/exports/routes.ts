import { exportKlip } from '#contracts/exports.ts';
import { downloadHeaders } from '../../http/content-disposition.ts';
import { ANSWERED, type Router } from '../../http/router.ts';
import type { ExportService } from './service.ts';

/** Marketplace exports: a JPEG file to save, for the klip's owner (or a super admin). */
export function registerExportRoutes(router: Router, deps: { exports: ExportService }): void {
  router.add(exportKlip, {
    handler: async ({ user, params, query, reply }) => {
      const file = await deps.exports.export(user, params.id, params.preset, query.fit, query.name);
      reply.headers(downloadHeaders('image/jpeg', file.fileName));
      await reply.send(file.data);
      return ANSWERED;
    },
  });
}
