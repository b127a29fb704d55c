import type { FastifyInstance } from 'fastify';
import { getSettings } from '../../../contracts/settings.ts';
import type { Config } from '../../config.ts';
import { registerRoute } from '../../http/register-route.ts';

export function registerSettingsRoutes(app: FastifyInstance, config: Config): void {
  registerRoute(app, getSettings, {
    handler: async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return { registrationMode: config.registrationMode, welcomeCredits: config.welcomeCredits };
    },
  });
}
