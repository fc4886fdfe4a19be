// Session replays as @sentry/browser's replayIntegration sends them (#46), for the API tests: a project to send them
// to, a replay_event, and a replay_recording item (a `{"segment_id":N}` line, then the rrweb events, zlib or plain).
import crypto from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { signUp } from './accounts';
import { envelopeWithLengths } from './envelope-body';
import { createProject } from './fixtures';

export const NOW = Date.now();
export const id = () => crypto.randomUUID().replace(/-/g, '');

export type Item = { header: Record<string, unknown>; payload: string | Buffer | object };

export async function setup(name = 'Shop') {
  const s = await signUp();
  const project = await createProject(s.client, name);
  const auth = { 'x-sentry-auth': `Sentry sentry_key=${project.keys[0].publicKey}, sentry_version=7` };
  const post = (header: object, items: Item[]) => {
    const body = envelopeWithLengths(header, items);
    // As an SDK's HTTP client sends it (an in-process Request has no Content-Length of its own).
    return s.client.post(`/api/${project.number}/envelope/`, body, {
      headers: { ...auth, 'content-type': 'application/x-sentry-envelope', 'content-length': String(body.length) },
    });
  };
  const stats = async () => {
    await flushOutcomes();
    const rows: { category: string; outcome: string; reason: string; quantity: number }[] = (
      await s.client.get(`/api/v1/projects/${project.id}/stats`)
    ).body.data.rows;
    return Object.fromEntries(
      rows.filter((r) => r.category === 'replay').map((r) => [`${r.outcome}/${r.reason}`, r.quantity]),
    );
  };
  const api = `/api/v1/projects/${project.id}/replays`;
  return { ...s, project, post, stats, api };
}

export const recording = (segmentId: number, events: unknown[], compress = true) => {
  const body = Buffer.from(JSON.stringify(events));
  return Buffer.concat([
    Buffer.from(`${JSON.stringify({ segment_id: segmentId })}\n`),
    compress ? deflateSync(body) : body,
  ]);
};

export const replayEvent = (replayId: string, segmentId: number, extra: object = {}) => ({
  type: 'replay_event',
  replay_id: replayId,
  segment_id: segmentId,
  replay_type: 'session',
  timestamp: NOW / 1000 + segmentId * 5,
  replay_start_timestamp: NOW / 1000,
  urls: [`https://shop.example/page-${segmentId}`],
  error_ids: [],
  trace_ids: [],
  release: 'shop@2.0.0',
  environment: 'production',
  platform: 'javascript',
  user: { id: 'u-42', email: 'ada@example.com', ip_address: '{{auto}}' },
  contexts: { browser: { name: 'Chrome', version: '131.0' }, os: { name: 'Linux' }, device: { model: 'Desktop' } },
  sdk: { name: 'sentry.javascript.browser', version: '11.0.0' },
  ...extra,
});
