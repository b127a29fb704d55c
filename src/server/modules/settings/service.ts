import type { PublicSettings } from '#contracts/settings.ts';
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
      // Where only super admins may use the test checkout, the app offers no purchasing (they open it by its address).
      billingMode: config.billing.testCheckoutAdminsOnly ? 'off' : config.billing.mode,
    }),
  };
}
