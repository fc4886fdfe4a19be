import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';
import { MOCK_CLIENTS } from './e2e/support/mock-oauth-server';
import { E2E_METRICS_TOKEN } from './e2e/support/metrics';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

// This file is evaluated by the runner and again by each worker: make the data dir once and share it
// through the environment, so specs read passcodes from the outbox the server writes.
if (!process.env.E2E_DATA_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-e2e-'));
  // The embedded PostgreSQL runs as the `postgres` user, which must be able to traverse the folder.
  fs.chmodSync(dir, 0o755);
  process.env.E2E_DATA_DIR = dir;
}
process.env.E2E_OUTBOX_DIR = path.join(process.env.E2E_DATA_DIR, 'outbox');
// The mock GitHub/Google server, on 127.0.0.1 so its cookies stay apart from the app's on localhost.
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? port + 1);
process.env.E2E_OAUTH_URL = `http://127.0.0.1:${oauthPort}`;
// The app's embedded PostgreSQL, on a known port: the traces spec's own server (a customer's API) queries it.
const pgPort = Number(process.env.E2E_PG_PORT ?? port + 2);
// A real OpenID Connect provider (oidc-provider) for the SSO spec.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 3);
process.env.E2E_OIDC_URL = `http://127.0.0.1:${oidcPort}`;
process.env.E2E_PG_URL = `postgresql://postgres:postgres@localhost:${pgPort}/tracker`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [
            ...CHROMIUM_ARGS,
            // The feedback widget's screenshot captures the tab (getDisplayMedia): accepted without a picker.
            '--auto-accept-this-tab-capture',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/support/run-mock-oauth-server.ts',
      url: `${process.env.E2E_OAUTH_URL}/health`,
      reuseExistingServer: false,
      env: { E2E_OAUTH_PORT: String(oauthPort) },
    },
    {
      command: 'npx tsx e2e/support/run-oidc-provider.ts',
      url: `${process.env.E2E_OIDC_URL}/health`,
      reuseExistingServer: false,
      env: { E2E_OIDC_PORT: String(oidcPort), E2E_OIDC_REDIRECT_URI: `${baseURL}/api/auth/callback/oidc` },
    },
    {
      command: 'node scripts/start.mjs',
      url: `${baseURL}/login`,
      // The first run builds the app into .next-e2e: about four minutes on two quiet cores, past six on busy ones.
      timeout: 15 * 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? '.next-e2e',
        APP_URL: baseURL,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // Integrations (#64): their secrets are sealed with this key; the specs' fake providers are on loopback.
        INTEGRATIONS_ENCRYPTION_KEY: Buffer.from('e2e-integrations-key-32-bytes!!!').toString('base64'),
        // The Slack app's signing secret (#64): e2e/slack.spec.ts signs its interaction payloads with it.
        SLACK_SIGNING_SECRET: 'e2e-slack-signing-secret',
        EMBEDDED_PG_PORT: String(pgPort),
        // Prometheus metrics on: e2e/sentry-tabs.spec.ts reads the ingest requests the server holds.
        METRICS_TOKEN: E2E_METRICS_TOKEN,
        // Every spec signs up from this one machine's address: the per-address auth limits scale up.
        AUTH_THROTTLE_MULTIPLIER: '20',
        GITHUB_CLIENT_ID: MOCK_CLIENTS.github.clientId,
        GITHUB_CLIENT_SECRET: MOCK_CLIENTS.github.clientSecret,
        GITHUB_OAUTH_BASE_URL: `${process.env.E2E_OAUTH_URL}/github`,
        GITHUB_API_BASE_URL: `${process.env.E2E_OAUTH_URL}/github-api`,
        GOOGLE_CLIENT_ID: MOCK_CLIENTS.google.clientId,
        GOOGLE_CLIENT_SECRET: MOCK_CLIENTS.google.clientSecret,
        GOOGLE_ISSUER: `${process.env.E2E_OAUTH_URL}/google`,
        OIDC_ISSUER: process.env.E2E_OIDC_URL,
        OIDC_CLIENT_ID: 'tracker',
        OIDC_CLIENT_SECRET: 'tracker-secret',
        OIDC_NAME: 'Company SSO',
      },
    },
  ],
});
