import { getSettings } from '#contracts/settings.ts';
import type { Router } from '../../http/router.ts';
import type { SettingsService } from './service.ts';

export function registerSettingsRoutes(router: Router, deps: { settings: SettingsService }): void {
  router.add(getSettings, {
    handler: async ({ reply }) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return deps.settings.publicSettings();
    },
  });
}
