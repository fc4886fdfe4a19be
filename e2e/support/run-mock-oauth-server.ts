// Runs the mock OAuth server for Playwright's webServer: `npx tsx e2e/support/run-mock-oauth-server.ts`, port from E2E_OAUTH_PORT.
import { startMockOAuthServer } from './mock-oauth-server';

const port = Number(process.env.E2E_OAUTH_PORT ?? 3101);
const server = await startMockOAuthServer({ port });
console.log(`[mock-oauth] listening on ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
