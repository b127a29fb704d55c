import type { Config } from '../config.ts';
import type { Router } from '../http/router.ts';
import { registerAccountRoutes } from '../modules/account/routes.ts';
import { registerAdminRoutes } from '../modules/admin/routes.ts';
import { registerBillingRoutes } from '../modules/billing/routes.ts';
import { registerAuthRoutes } from '../modules/auth/routes.ts';
import { registerCreditRoutes } from '../modules/credits/routes.ts';
import { registerGenerationRoutes } from '../modules/generation/routes.ts';
import { registerHealthRoutes } from '../modules/health/routes.ts';
import { registerInspirationRoutes } from '../modules/inspirations/routes.ts';
import { registerKlipRoutes } from '../modules/klips/routes.ts';
import { registerKlipShareRoutes } from '../modules/klips/share-routes.ts';
import { registerModelRoutes } from '../modules/models/routes.ts';
import { registerProfileRoutes } from '../modules/profiles/routes.ts';
import { registerPromptRoutes } from '../modules/prompts/routes.ts';
import { registerSettingsRoutes } from '../modules/settings/routes.ts';
import { registerUploadRoutes } from '../modules/uploads/routes.ts';
import { registerWaitlistRoutes } from '../modules/waitlist/routes.ts';
import type { Services } from './services.ts';

/** Every module's routes, each handed the services it calls. */
export function registerAllRoutes(router: Router, services: Services, config: Config): void {
  const { rateLimiter } = services;
  registerHealthRoutes(router, services);
  registerSettingsRoutes(router, services);
  registerWaitlistRoutes(router, services);
  registerAuthRoutes(router, { auth: services.auth, authFlows: services.authFlows, appUrl: config.appUrl, rateLimiter });
  registerAccountRoutes(router, services);
  registerProfileRoutes(router, services);
  registerAdminRoutes(router, services);
  registerCreditRoutes(router, services);
  registerUploadRoutes(router, services);
  registerModelRoutes(router, services);
  registerInspirationRoutes(router, services);
  registerPromptRoutes(router, services);
  registerGenerationRoutes(router, { generation: services.generation, watcher: services.generationWatcher, rateLimiter });
  registerKlipRoutes(router, services);
  registerKlipShareRoutes(router, services);
  registerBillingRoutes(router, services);
}
