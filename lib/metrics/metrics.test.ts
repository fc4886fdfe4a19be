import { describe, expect, it } from 'vitest';
import { routeOf } from './metrics';

describe('routeOf: one series per route, not per resource', () => {
  it.each([
    ['/api/7/envelope/', '/api/:id/envelope/'],
    ['/api/v1/ingest/0adb2d1e-c808-44f8-badf-90d5a35fbd38/envelope', '/api/v1/ingest/:id/envelope'],
    [
      '/api/v1/projects/0adb2d1e-c808-44f8-badf-90d5a35fbd38/issues/c7238727-ce0b-434f-a9c3-8582ae05a407?sort=events',
      '/api/v1/projects/:id/issues/:id',
    ],
    [
      '/api/v1/projects/abc/performance/transactions/GET%20%2Fcheckout/spans',
      '/api/v1/projects/abc/performance/transactions/:name/spans',
    ],
    ['/api/v1/organization/traces/4bf92f3577b34da6a3ce929d0e0e4736', '/api/v1/organization/traces/:id'],
    ['/api/7/cron/nightly-backup/3f2a9c1b0e8d7f6a5b4c3d2e1f0a9b8c/', '/api/:id/cron/:name/:id/'],
    ['/api/v1/auth/login', '/api/v1/auth/login'],
  ])('%s → %s', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });
});

describe('observeHttp', () => {
  it('folds routes past the cap into "other", so paths anyone sends cannot grow the registry', async () => {
    const { observeHttp, metricsText } = await import('./metrics');
    for (let i = 0; i < 1000; i++)
      observeHttp({
        pathname: `/api/v1/projects/word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}x/issues`,
        method: 'GET',
        status: 404,
        seconds: 0.001,
      });
    const { body } = await metricsText(async () => ({}));
    const series = body.split('\n').filter((l) => l.startsWith('tracker_http_request_duration_seconds_count'));
    expect(series.length).toBeLessThanOrEqual(301);
    expect(series.some((l) => l.includes('route="other"'))).toBe(true);
  });
});
