import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePool } from '@/lib/pg';
import { stopJobs } from '@/lib/jobs/boss';
import { startEmbeddedPostgres, type EmbeddedDb } from '@/lib/runtime/embedded-db';
import { migrateDeploy } from '@/lib/runtime/migrate';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { TestClient } from '../support/client';

// `npm run backup` taken while several senders ingest, against a fresh database laid out as `npm start` lays out its
// embedded one ($DATA_DIR/postgres); `npm run restore` into a new data directory; the app started on it has every
// event acknowledged (200) before the backup began, readable through the API in its issue, and the old password and
// session still sign in (#50).

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const suiteUrl = process.env.DATABASE_URL!;
const SENDERS = 4;

let tmp: string;
let source: EmbeddedDb | undefined;
let restored: EmbeddedDb | undefined;

/** Points the in-process app (pool, Prisma client, job queue) at another database, as a restart would. */
async function useDatabase(url: string) {
  await stopJobs();
  await closePool();
  (globalThis as { prismaClient?: unknown }).prismaClient = undefined;
  process.env.DATABASE_URL = url;
}

/** `npm run <script>` as an operator runs it: the embedded database of DATA_DIR, no DATABASE_URL. */
function npmRun(script: string, args: string[], dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.DATABASE_DIRECT_URL;
  return run('npm', ['run', '--silent', script, '--', ...args], { cwd: root, env, timeout: 150_000 });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-backup-test-'));
  // The embedded server runs as the postgres user when the tests run as root: it must reach its data directory.
  fs.chmodSync(tmp, 0o755);
  source = await startEmbeddedPostgres({ dir: path.join(tmp, 'data', 'postgres'), database: 'tracker' });
  migrateDeploy(source.url);
  await useDatabase(source.url);
}, 180_000);

afterAll(async () => {
  await useDatabase(suiteUrl);
  await source?.stop().catch(() => {});
  await restored?.stop().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
});

type Ack = { eventId: string; sender: number; at: number };

describe('npm run backup during ingest, then npm run restore', () => {
  it('restores into a new database that the app starts on, with every event acknowledged before the backup began', async () => {
    const t0 = performance.now();
    const step = (what: string) => console.log(`${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const { client, email, password, user } = await signUp();
    const project = await createProject(client, 'Backed up');
    const key = project.keys[0].publicKey;

    // Several senders, each posting Sentry envelopes one after another as an SDK's transport does.
    const acks: Ack[] = [];
    const failures: string[] = [];
    let sending = true;
    const sender = async (n: number) => {
      for (let i = 0; sending; i++) {
        const eventId = crypto.randomUUID().replaceAll('-', '');
        const event = {
          event_id: eventId,
          timestamp: Date.now() / 1000,
          level: 'error',
          platform: 'node',
          exception: {
            values: [
              {
                type: `Sender${n}Error`,
                value: `event ${i}`,
                stacktrace: { frames: [{ filename: 'app.js', function: `send${n}`, lineno: 10 + n, colno: 3 }] },
              },
            ],
          },
        };
        const body = [JSON.stringify({ event_id: eventId }), JSON.stringify({ type: 'event' }), JSON.stringify(event)];
        const res = await client.post(`/api/${project.number}/envelope/`, `${body.join('\n')}\n`, {
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            'x-sentry-auth': `Sentry sentry_version=7, sentry_client=backup-test/1.0, sentry_key=${key}`,
          },
        });
        if (res.status === 200) acks.push({ eventId, sender: n, at: performance.now() });
        // Over the key's rate limit (100 a second) on a fast machine: not acknowledged, so not expected back.
        else if (res.status !== 429) failures.push(`${res.status} ${res.text}`);
        // An SDK's pace rather than a flood: the test is about what was acknowledged, not throughput.
        await new Promise((r) => setTimeout(r, 15));
      }
    };
    const senders = Array.from({ length: SENDERS }, (_, n) => sender(n));
    while (acks.length < 150 && !failures.length) await new Promise((r) => setTimeout(r, 50));

    const backupFile = path.join(tmp, 'tracker.backup');
    const backupStarted = performance.now();
    const backup = await npmRun('backup', ['--out', backupFile], path.join(tmp, 'data'));
    const backupEnded = performance.now();
    await new Promise((r) => setTimeout(r, 300));
    sending = false;
    await Promise.all(senders);

    step(`backup (${acks.length} events acknowledged)`);
    expect(failures.slice(0, 3)).toEqual([]);
    expect(backup.stdout).toContain(`wrote ${backupFile}`);
    const before = acks.filter((a) => a.at < backupStarted);
    // Ingest went on while the backup ran: the backup is of a database being written to.
    expect(acks.filter((a) => a.at > backupStarted && a.at < backupEnded).length).toBeGreaterThan(0);
    expect(before.length).toBeGreaterThanOrEqual(150);

    // A restart on a new database: the source server is gone.
    await useDatabase(suiteUrl);
    await source!.stop();
    source = undefined;

    const restore = await npmRun('restore', [backupFile], path.join(tmp, 'restored'));
    expect(restore.stdout).toMatch(/restored: \d+ migrations applied/);
    step('restore');
    restored = await startEmbeddedPostgres({ dir: path.join(tmp, 'restored', 'postgres'), database: 'tracker' });

    // What `npm start` does first: its migrations are already applied, so `prisma migrate deploy` changes nothing.
    const migrations = fs
      .readdirSync(path.join(root, 'prisma', 'migrations'))
      .filter((d) => fs.existsSync(path.join(root, 'prisma', 'migrations', d, 'migration.sql')));
    const applied = async () => {
      const c = new pg.Client({ connectionString: restored!.url });
      await c.connect();
      try {
        return (await c.query<{ name: string }>('SELECT migration_name AS name FROM _prisma_migrations')).rows
          .map((r) => r.name)
          .sort();
      } finally {
        await c.end();
      }
    };
    expect(await applied()).toEqual(migrations.sort());
    migrateDeploy(restored.url);
    expect(await applied()).toEqual(migrations.sort());
    await useDatabase(restored.url);

    step('started on the restored database');
    // The old session cookie and the old password both sign in.
    expect((await client.get('/api/v1/auth/me')).body.data.id).toBe(user.id);
    const fresh = new TestClient();
    const login = await fresh.post('/api/v1/auth/login', { email, password });
    expect(login.status).toBe(200);
    expect((await fresh.get('/api/v1/auth/me')).body.data.id).toBe(user.id);

    // Every event acknowledged before the backup began, in its issue.
    const issues = await fresh.get(`/api/v1/projects/${project.id}/issues`);
    expect(issues.status).toBe(200);
    const issueOf = new Map<number, { id: string; eventCount: number }>();
    for (const i of issues.body.data.issues as { id: string; title: string; eventCount: number }[]) {
      const n = /^Sender(\d+)Error/.exec(i.title);
      if (n) issueOf.set(Number(n[1]), i);
    }
    expect([...issueOf.keys()].sort()).toEqual(Array.from({ length: SENDERS }, (_, n) => n));
    const stored = new Map<string, string>(); // event_id → the event's id in the API
    for (const issue of issueOf.values()) {
      for (let page = 1; ; page++) {
        const res = await fresh.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`, {
          query: { page: String(page), limit: '50' },
        });
        expect(res.status).toBe(200);
        for (const e of res.body.data.events as { id: string; eventId: string }[]) stored.set(e.eventId, e.id);
        if (page >= res.body.data.pagination.pages) break;
      }
    }
    const missing: string[] = [];
    for (const a of before) {
      const id = stored.get(a.eventId);
      const res =
        id && (await fresh.get(`/api/v1/projects/${project.id}/issues/${issueOf.get(a.sender)!.id}/events/${id}`));
      if (!res || res.status !== 200 || res.body.data.eventId !== a.eventId) missing.push(a.eventId);
    }
    expect(missing).toEqual([]);
    step(`${before.length} events read back`);
    for (let n = 0; n < SENDERS; n++) {
      const acked = before.filter((a) => a.sender === n).length;
      expect(issueOf.get(n)!.eventCount).toBeGreaterThanOrEqual(acked);
    }
    // Nothing else came back: every stored event is one a sender had answered 200 (some after the backup began).
    const sent = new Set(acks.map((a) => a.eventId));
    const c = new pg.Client({ connectionString: restored.url });
    await c.connect();
    const { rows } = await c.query<{ eventId: string }>(
      'SELECT event_id AS "eventId" FROM events WHERE project_id = $1',
      [project.id],
    );
    await c.end();
    expect(rows.length).toBe(stored.size);
    expect(rows.filter((r) => !sent.has(r.eventId))).toEqual([]);
  }, 240_000);
});
