import { describe, expect, it } from 'vitest';
import { exploreSearchParamsSchema } from '@/lib/zod/explore';
import { exploreHref, requestFilter, term } from './explore-links';

describe('Insights links to Explore', () => {
  it('quotes a value with spaces or quotes, and says a missing one with !has:', () => {
    expect(term('transaction', 'GET /orders')).toBe('transaction:"GET /orders"');
    expect(term('transaction', 'say "hi"')).toBe('transaction:"say \\"hi\\""');
    expect(term('server.address', 'api.example.com')).toBe('server.address:api.example.com');
    expect(term('messaging.destination.name', null)).toBe('!has:messaging.destination.name');
  });

  it('writes a query Explore reads back: dataset, filter with the environment, aggregate, group-by, project, range', () => {
    const href = exploreHref(
      { projectId: 'p1', statsPeriod: '7d', environment: 'production', groupBy: ['transaction'] },
      [...requestFilter({ host: 'api.example.com', method: 'GET', path: '/users/*' })],
      'p95(span.duration)',
    );
    expect(href.startsWith('/explore?')).toBe(true);
    const q = exploreSearchParamsSchema.parse(Object.fromEntries(new URL(href, 'http://x').searchParams));
    expect(q).toMatchObject({
      dataset: 'spans',
      query:
        'span.op:http.client server.address:api.example.com http.request.method:GET url.path:/users/* environment:production',
      aggregates: ['p95(span.duration)'],
      groupBy: ['transaction'],
      projects: ['p1'],
      statsPeriod: '7d',
    });
  });
});
