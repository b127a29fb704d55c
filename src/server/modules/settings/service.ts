import type { PublicSettings } from '../../../contracts/settings.ts';
import type { Config } from '../../config.ts';

export interface SettingsService {
  /** What the web app may know about this installation (nothing secret). */
  publicSettings(): PublicSettings;
}

export function createSettingsService(config: Config): SettingsService {
  return {
    publicSettings: () => ({
      registrationMode: config.registrationMode,
      welcomeCredits: config.welcomeCredits,
      billingMode: config.billing.mode,
    }),
  };
}
