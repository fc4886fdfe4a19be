// PagerDuty's Events API v2, Opsgenie's Alert API and a Teams Workflows webhook on loopback (#64), answering as
// documented: PagerDuty 202 `{ status, message, dedup_key }` (https only, as @pagerduty/pdjs calls it; a
// self-signed certificate made with openssl), Opsgenie 202 `{ result, took, requestId }` with `GenieKey` auth,
// Teams 202 with no body.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loopback, type Answer } from '../fake-trackers/loopback';

function selfSigned() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-pd-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const out = { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

export async function fakePagerDuty(routingKey: string) {
  const problems: string[] = [];
  const server = await loopback(
    (r): Answer => {
      const b = r.body ?? {};
      if (r.method !== 'POST' || r.path !== '/v2/enqueue') return { status: 404, body: { message: 'Not found' } };
      if (b.routing_key !== routingKey)
        return {
          status: 400,
          body: { status: 'invalid event', message: 'Event object is invalid', errors: ['Invalid routing key'] },
        };
      if (!['trigger', 'acknowledge', 'resolve'].includes(b.event_action))
        problems.push(`event_action ${b.event_action}`);
      if (b.event_action === 'trigger' && !(b.payload?.summary && b.payload?.source && b.payload?.severity))
        problems.push('trigger without summary, source and severity');
      return { status: 202, body: { status: 'success', message: 'Event processed', dedup_key: b.dedup_key } };
    },
    { tls: selfSigned() },
  );
  return {
    ...server,
    server: `127.0.0.1:${server.port}`,
    problems,
    events: () => server.calls.filter((c) => c.path === '/v2/enqueue'),
  };
}

export async function fakeOpsgenie(apiKey: string) {
  const server = await loopback((r): Answer => {
    if (r.headers.authorization !== `GenieKey ${apiKey}`)
      return { status: 401, body: { message: 'Could not authenticate', took: 0, requestId: 'r' } };
    if (
      r.method === 'POST' &&
      (r.path === '/v2/alerts' ||
        (/^\/v2\/alerts\/[^/]+\/close$/.test(r.path) && r.query.get('identifierType') === 'alias'))
    )
      return { status: 202, body: { result: 'Request will be processed', took: 0.1, requestId: crypto.randomUUID() } };
    return { status: 404, body: { message: 'Not found' } };
  });
  return server;
}

export async function fakeTeams() {
  return loopback((): Answer => ({ status: 202 }));
}
