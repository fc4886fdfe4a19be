// Durability of ingest (issues 9 and 11): a 200 means committed. Each test runs its own server instances
// (own process group, DATA_DIR and ports) on the build the Playwright config made, and stops them at the end.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import {
  accountOn,
  databaseUrl,
  disposeServer,
  freePort,
  freshDataDir,
  groupGone,
  killGroup,
  spawnServer,
  type SpawnedServer,
} from './support/spawn-server';

test.describe.configure({ mode: 'serial' });
test.setTimeout(8 * 60_000);

const TOTAL = 3_000;
const CONCURRENCY = 32;
const SIGNAL_AFTER = 300;

const eventId = (i: number) => `d0${i.toString(16).padStart(30, '0')}`;
const envelope = (i: number) =>
  JSON.stringify({
    event_id: eventId(i),
    level: ['error', 'warning', 'info'][i % 3],
    exception: {
      type: 'BurstError',
      value: `burst-${i}`,
      stacktrace: { frames: [{ filename: 'burst.js', lineno: 1 + (i % 10), function: `f${i % 10}` }] },
    },
    breadcrumbs: [{ type: 'click', message: 'button#buy' }],
  });

type BurstResult = { ok: Set<number>; refused: Map<number, number>; unanswered: number[] };

/** Sends envelopes `ids` from CONCURRENCY keep-alive connections; `onOk` sees the running count of 200s. */
async function burst(
  port: number,
  projectId: string,
  key: string,
  ids: number[],
  onOk?: (n: number) => void,
): Promise<BurstResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const result: BurstResult = { ok: new Set(), refused: new Map(), unanswered: [] };
  let next = 0;
  const one = (i: number) =>
    new Promise<number | null>((resolve) => {
      const body = envelope(i);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: `/api/v1/ingest/${projectId}/envelope`,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-ingest-auth': `ingest_key=${key}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? null));
          res.on('error', () => resolve(null));
        },
      );
      req.on('error', () => resolve(null));
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ids.length) {
        const i = ids[next++];
        const status = await one(i);
        if (status === 200) {
          result.ok.add(i);
          onOk?.(result.ok.size);
        } else if (status === null) result.unanswered.push(i);
        else result.refused.set(status, (result.refused.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  return result;
}

async function storedMessages(dataDir: string, projectId: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl(dataDir) });
  await client.connect();
  try {
    const { rows } = await client.query<{ message: string }>('SELECT message FROM events WHERE project_id = $1', [
      projectId,
    ]);
    return new Set(rows.map((r) => r.message));
  } finally {
    await client.end();
  }
}

async function usedOn(s: SpawnedServer, cookie: string): Promise<number> {
  const res = await fetch(`${s.base}/api/v1/usage`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { used: number } }).data.used;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

test('SIGTERM during a burst: every envelope answered 200 is stored, nothing else is, and the server exits cleanly', async () => {
  const dataDir = freshDataDir();
  const pgPort = await freePort();
  let first: SpawnedServer | undefined;
  let second: SpawnedServer | undefined;
  try {
    first = await spawnServer({ dataDir, port: await freePort(), pgPort });
    const account = await accountOn(first);
    const server = first;
    let signalled = false;
    const sent = await burst(server.port, account.projectId, account.key, range(TOTAL), (n) => {
      if (n >= SIGNAL_AFTER && !signalled) {
        signalled = true;
        // As systemd and Playwright do: the whole process group (node, tsx, PostgreSQL) gets the signal.
        killGroup(server.child, 'SIGTERM');
      }
    });
    expect(signalled).toBe(true);
    expect(sent.ok.size).toBeGreaterThanOrEqual(SIGNAL_AFTER);
    expect(sent.ok.size).toBeLessThan(TOTAL);

    // Clean exit: every process of the group gone, PostgreSQL shut down (its lock file removed), the last log line.
    expect(await groupGone(server.child, 40_000)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    const log = fs.readFileSync(server.logFile, 'utf8');
    expect(log).toContain('[tracker] SIGTERM: shutting down');
    expect(log).toContain('[tracker] stopped');
    expect(log).not.toContain('shutdown took too long');

    second = await spawnServer({ dataDir, port: await freePort(), pgPort });
    const stored = await storedMessages(dataDir, account.projectId);
    const lost = [...sent.ok].filter((i) => !stored.has(`burst-${i}`));
    expect(lost).toEqual([]);
    // Graceful: whatever was stored was answered (no request was cut off after its commit).
    expect(stored.size).toBe(sent.ok.size);
    expect(await usedOn(second, account.cookie)).toBe(sent.ok.size);
    console.log(
      `[durability] SIGTERM: ${sent.ok.size} × 200, ${stored.size} stored, ${sent.unanswered.length} unanswered, refused ${JSON.stringify([...sent.refused])}`,
    );
  } finally {
    await disposeServer(first, false);
    await disposeServer(second, false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('kill -9 of the process group during a burst: after a restart every 200 is stored and used equals the 200s', async () => {
  const dataDir = freshDataDir();
  const pgPort = await freePort();
  let first: SpawnedServer | undefined;
  let second: SpawnedServer | undefined;
  try {
    first = await spawnServer({ dataDir, port: await freePort(), pgPort });
    const account = await accountOn(first);
    const server = first;
    let killed = false;
    const sent = await burst(server.port, account.projectId, account.key, range(TOTAL), (n) => {
      if (n >= SIGNAL_AFTER && !killed) {
        killed = true;
        killGroup(server.child, 'SIGKILL');
      }
    });
    expect(killed).toBe(true);
    expect(await groupGone(server.child, 20_000)).toBe(true);
    expect(sent.refused.size).toBe(0);

    second = await spawnServer({ dataDir, port: await freePort(), pgPort });
    const stored = await storedMessages(dataDir, account.projectId);
    expect([...sent.ok].filter((i) => !stored.has(`burst-${i}`))).toEqual([]);
    // `used` counts exactly what is stored: the 200s, plus any envelope whose commit beat the kill to its answer.
    const usedAfterCrash = await usedOn(second, account.cookie);
    expect(usedAfterCrash).toBe(stored.size);
    expect(usedAfterCrash - sent.ok.size).toBeLessThanOrEqual(CONCURRENCY);

    // A client library resends what got no answer, with the same event_id: each is answered 200 and counted once.
    const retried = await burst(second.port, account.projectId, account.key, sent.unanswered);
    expect(retried.ok.size).toBe(sent.unanswered.length);
    const answered200 = new Set([...sent.ok, ...retried.ok]);
    expect(answered200.size).toBe(TOTAL);
    expect(await usedOn(second, account.cookie)).toBe(answered200.size);
    expect((await storedMessages(dataDir, account.projectId)).size).toBe(TOTAL);
    console.log(
      `[durability] kill -9: ${sent.ok.size} × 200 before the kill, ${usedAfterCrash} stored, ${sent.unanswered.length} resent`,
    );
  } finally {
    await disposeServer(first, false);
    await disposeServer(second, false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
