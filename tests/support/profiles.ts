// The project of the profile tests (#47): a loopback Sentry server in front of the real routes for the whole file,
// and a new account's project with how to post it envelopes and read its profile outcomes.
import { afterAll, beforeAll } from 'vitest';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { signUp } from './accounts';
import { envelopeWithLengths } from './envelope-body';
import { createProject } from './fixtures';
import { startSentryServer } from '../api/sentry-server';

/** A node of a flame graph as the API answers it. */
export type FlameNode = {
  name: string;
  inApp: boolean;
  kind: string;
  selfMs: number;
  totalMs: number;
  children: FlameNode[];
};
export type Item = { header: Record<string, unknown>; payload: string | Buffer | object };

let server: Awaited<ReturnType<typeof startSentryServer>>;

/** Runs the Sentry server for the whole file (setup's `dsn` points at it). */
export function useSentryServer() {
  beforeAll(async () => {
    server = await startSentryServer();
  });
  afterAll(async () => {
    await server.close();
  });
}

export async function setup(name = 'Checkout') {
  const s = await signUp();
  const project = await createProject(s.client, name);
  const key = project.keys[0] as (typeof project.keys)[0] & { sentryDsn: string };
  const auth = { 'x-sentry-auth': `Sentry sentry_key=${key.publicKey}, sentry_version=7` };
  const post = (header: object, items: Item[]) => {
    const body = envelopeWithLengths(header, items);
    return s.client.post(`/api/${project.number}/envelope/`, body, {
      headers: { ...auth, 'content-type': 'application/x-sentry-envelope', 'content-length': String(body.length) },
    });
  };
  const outcomes = async () => {
    await flushOutcomes();
    const rows: { category: string; outcome: string; reason: string; quantity: number }[] = (
      await s.client.get(`/api/v1/projects/${project.id}/stats`)
    ).body.data.rows;
    return Object.fromEntries(
      rows.filter((r) => r.category === 'profile').map((r) => [`${r.outcome}/${r.reason}`, r.quantity]),
    );
  };
  const api = `/api/v1/projects/${project.id}/profiles`;
  return { ...s, project, dsn: server.dsn(key.sentryDsn), post, outcomes, api };
}
