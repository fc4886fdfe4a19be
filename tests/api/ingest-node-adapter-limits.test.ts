// The node:http ingest adapter (what `npm start` serves) over real HTTP on loopback: CORS, the size cap (streamed
// bodies too), content encodings and the monthly quota, as the App Router route answers them.
import http from 'node:http';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { db } from '@/lib/db';
import { clock, monthOf } from '@/lib/clock';
import { monthlyEventLimit } from '@/lib/billing/plans';
import { metricsText } from '@/lib/metrics/metrics';
import { errorEnvelope, ingestPath, send, transactionEnvelope } from './ingest-helpers';
import { anyMessage, eventCount, key, ok, projectId } from '../support/ingest-project';
import { http1, port, useNodeAdapter } from '../support/node-adapter';

useNodeAdapter();

describe('node adapter: CORS, size and encoding', () => {
  it('answers the preflight with 204 and the CORS headers', async () => {
    const res = await http1.request('OPTIONS', ingestPath(projectId), {
      headers: {
        origin: 'https://shop.example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-ingest-auth',
      },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, X-Ingest-Auth');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
  });

  it('413 above 1 MiB, plain and after gzip inflation; a gzip body within the limit is accepted', async () => {
    const big = JSON.stringify(errorEnvelope({ padding: 'x'.repeat(1024 * 1024) }));
    const plain = await send({ client: http1, projectId, key, body: big });
    expect(plain.status).toBe(413);
    expect(plain.body).toEqual({ statusCode: 413, status: 'failed', message: expect.stringMatching(/too large/) });
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');
    expect((await send({ client: http1, projectId, key, body: big, opts: { gzip: true } })).status).toBe(413);

    const justUnder = JSON.stringify(errorEnvelope({ padding: 'x'.repeat(1024 * 1024 - 1000) }));
    expect((await send({ client: http1, projectId, key, body: justUnder })).status).toBe(200);
    const before = await eventCount();
    expect((await send({ client: http1, projectId, key, body: errorEnvelope(), opts: { gzip: true } })).body).toEqual(
      ok,
    );
    expect(await eventCount()).toBe(before + 1);
  });

  it('413 while streaming a chunked body without Content-Length, before the client has sent it all', async () => {
    const chunk = Buffer.alloc(256 * 1024, 32);
    const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: ingestPath(projectId),
        method: 'POST',
        headers: { 'x-ingest-auth': `ingest_key=${key}`, 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode!, sent });
      });
      req.on('error', reject);
      const pump = () => {
        if (sent >= 16) return req.end();
        sent++;
        req.write(chunk, () => setTimeout(pump, 5));
      };
      pump();
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(16);
  });

  it('deflate is accepted; a corrupt gzip body is 400; an unknown encoding is 415', async () => {
    const auth = { 'x-ingest-auth': `ingest_key=${key}` };
    expect(
      (
        await http1.post(ingestPath(projectId), new Uint8Array(deflateSync(JSON.stringify(errorEnvelope()))), {
          headers: { ...auth, 'content-encoding': 'deflate' },
        })
      ).status,
    ).toBe(200);
    const corrupt = await http1.post(ingestPath(projectId), 'not gzip at all', {
      headers: { ...auth, 'content-encoding': 'gzip' },
    });
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.error).toEqual([{ path: [], message: anyMessage }]);
    expect(
      (await http1.post(ingestPath(projectId), 'x', { headers: { ...auth, 'content-encoding': 'compress' } })).status,
    ).toBe(415);
  });
});

/** tracker_ingest_requests_in_flight of an endpoint, as /metrics reads it. */
async function inFlight(endpoint: string): Promise<number> {
  const { body } = await metricsText(async () => ({}));
  const line = body.split('\n').find((l) => l.startsWith(`tracker_ingest_requests_in_flight{endpoint="${endpoint}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('node adapter: requests in flight', () => {
  it('a request counts from its headers until it is answered, and until its client goes away', async () => {
    const before = await inFlight('native');
    const body = Buffer.from(JSON.stringify(errorEnvelope()));
    const open = () => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: ingestPath(projectId),
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          'x-ingest-auth': `ingest_key=${key}`,
        },
      });
      req.on('error', () => {});
      // Half the body: the adapter has the request and waits for the rest.
      req.write(body.subarray(0, 20));
      return req;
    };
    const answered = open();
    const abandoned = open();
    await expect.poll(() => inFlight('native')).toBe(before + 2);
    const status = new Promise<number>((resolve) =>
      answered.on('response', (r) => (r.resume(), resolve(r.statusCode!))),
    );
    answered.end(body.subarray(20));
    expect(await status).toBe(200);
    await expect.poll(() => inFlight('native')).toBe(before + 1);
    abandoned.destroy();
    await expect.poll(() => inFlight('native')).toBe(before);
  });
});

describe('node adapter: quota', () => {
  it('N > L parallel envelopes with L left → exactly L × 200 and N − L × 429; used ends at the limit; events = L = Σ eventCount', async () => {
    const s = await signUp();
    const p = await createProject(s.client);
    const FREE_LIMIT = monthlyEventLimit('FREE');
    const L = 25;
    const N = 60;
    const month = monthOf(clock.now());
    await db.monthlyUsage.create({ data: { orgId: s.orgId, month, used: FREE_LIMIT - L, errors: FREE_LIMIT - L } });
    const levels = ['error', 'fatal', 'warning', 'info', 'debug'];
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        send({
          client: http1,
          projectId: p.id,
          key: p.keys[0].publicKey,
          body:
            i % 7 === 3
              ? transactionEnvelope()
              : errorEnvelope({
                  level: levels[i % 5],
                  exception: {
                    type: `E${i % 4}`,
                    value: `#${i}`,
                    stacktrace: { frames: [{ filename: 'a.js', lineno: 1 }] },
                  },
                }),
        }),
      ),
    );
    const errors = results.filter((_, i) => i % 7 !== 3);
    expect(errors.filter((r) => r.status === 200)).toHaveLength(L);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body).toEqual({ statusCode: 429, status: 'failed', message: 'Monthly event quota exceeded' });
    const u = await db.monthlyUsage.findUniqueOrThrow({ where: { orgId_month: { orgId: s.orgId, month } } });
    expect(u.used).toBe(FREE_LIMIT);
    expect(u.errors + u.warnings + u.info).toBe(FREE_LIMIT);
    expect(u.transactions).toBe(results.filter((r, i) => i % 7 === 3 && r.status === 200).length);
    expect(await db.event.count({ where: { projectId: p.id } })).toBe(L);
    expect((await db.issue.aggregate({ where: { projectId: p.id }, _sum: { eventCount: true } }))._sum.eventCount).toBe(
      L,
    );
    expect(await db.transaction.count({ where: { projectId: p.id } })).toBe(u.transactions);
  });
});
