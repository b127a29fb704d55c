import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env['E2E_PORT'] ?? 3100);
export const baseURL = `http://localhost:${port}`;
export const e2eAdmin = { email: 'e2e-admin@klipt.test', password: 'e2e admin password' } as const;
/** Where the server sends superlikes; the God Mode journey listens there and checks each signature. */
export const e2eSuperlikeWebhook = { port: port + 1, secret: 'e2e superlike webhook secret' } as const;
// One data folder per run: the server writes its embedded database and outbox there, and the
// tests read the emails it sends.
const dataDir = process.env['E2E_DATA_DIR'] ?? path.join(os.tmpdir(), `klipt-e2e-${process.pid}-${Date.now()}`);
process.env['E2E_DATA_DIR'] = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: 'node src/server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      // E2E always runs on its own embedded database, whatever the caller's environment says.
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every browser test signs up and in from 127.0.0.1: the limits stay on, with room to run.
      RATE_LIMIT_SCALE: '20',
      // The first super admin of the run (admin journeys sign in with it).
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      SUPERLIKE_WEBHOOK_URL: `http://127.0.0.1:${e2eSuperlikeWebhook.port}/superlike`,
      SUPERLIKE_WEBHOOK_SECRET: e2eSuperlikeWebhook.secret,
      SUPERLIKE_WEBHOOK_RETRY_DELAY_SECONDS: '1',
      // The receiver is the test process on 127.0.0.1.
      SUPERLIKE_WEBHOOK_ALLOW_PRIVATE: 'true',
      // The API journey's webhook receiver is the test process on 127.0.0.1 (http).
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    },
  },
});
