// #36: /metrics in the Prometheus text format behind METRICS_TOKEN: off (404) without the token, 401 with a wrong
// one; with it, what ingest did (outcomes by project and category, batch sizes and statement time), HTTP latency
// per route, the job queue's backlog, alert deliveries and the process (memory, event loop lag).
import parsePrometheus from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { errorEnvelope } from './ingest-helpers';

afterEach(() => {
  delete process.env.METRICS_TOKEN;
});

describe('/metrics', () => {
  it('off without METRICS_TOKEN, 401 with a wrong one, the text format with the right one', async () => {
    const s = await signUp();
    const project = await createProject(s.client, 'Metered');
    const key = project.keys[0].publicKey;
    for (let i = 0; i < 3; i++) {
      const res = await s.client.post(
        `/api/v1/ingest/${project.id}/envelope`,
        errorEnvelope({ fingerprint: [`m${i}`] }),
        { headers: { 'x-ingest-auth': `ingest_key=${key}` } },
      );
      expect(res.status, res.text).toBe(200);
    }
    expect((await s.client.get('/metrics')).status).toBe(404);
    process.env.METRICS_TOKEN = 'scrape-secret';
    expect((await s.client.get('/metrics')).status).toBe(401);
    expect((await s.client.get('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const res = await s.client.get('/metrics', { headers: { authorization: 'Bearer scrape-secret' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    // The whole answer parses as Prometheus's text format, and each family has the type it is read as.
    const families = new Map(parsePrometheus(text).map((f) => [f.name, f]));
    expect(families.get('tracker_outcomes_total')?.type).toBe('COUNTER');
    const accepted = families
      .get('tracker_outcomes_total')!
      .metrics.find(
        (m) => m.labels?.project === project.id && m.labels?.category === 'error' && m.labels?.outcome === 'accepted',
      );
    expect(accepted?.value).toBe('3');
    for (const name of [
      'tracker_ingest_batch_size',
      'tracker_ingest_batch_seconds',
      'tracker_http_request_duration_seconds',
    ])
      expect(families.get(name)?.type, name).toBe('HISTOGRAM');
    expect(families.get('tracker_job_queue_backlog')?.type).toBe('GAUGE');
    expect(families.get('tracker_alert_deliveries_total')?.type).toBe('COUNTER');
    expect(Number(families.get('process_resident_memory_bytes')?.metrics[0].value)).toBeGreaterThan(0);
    const value = (series: string) =>
      Number(new RegExp(`^${series.replace(/[{}"]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    expect(value(`tracker_outcomes_total{project="${project.id}",category="error",outcome="accepted",reason=""}`)).toBe(
      3,
    );
    expect(value('tracker_ingest_batch_size_count{writer="events"}')).toBeGreaterThan(0);
    expect(value('tracker_ingest_batch_seconds_count{writer="events"}')).toBeGreaterThan(0);
    expect(
      value(
        `tracker_http_request_duration_seconds_count{route="/api/v1/ingest/:id/envelope",method="POST",status="200"}`,
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/^tracker_job_queue_backlog\{queue="[a-z-]+"\} \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
  });
});
