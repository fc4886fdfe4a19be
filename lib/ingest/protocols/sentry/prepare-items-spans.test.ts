import { describe, expect, it } from 'vitest';
import { envelope, ok, T } from '@/tests/support/sentry-items';
import { prepareItems } from './prepare-items';

describe('transactions and spans', () => {
  it('a transaction item → name, duration from start_timestamp, end timestamp in ms, trace status, measurements as vitals', () => {
    const tx = {
      type: 'transaction',
      transaction: '/checkout',
      start_timestamp: T,
      timestamp: T + 1.25,
      contexts: { trace: { status: 'internal_error' } },
      measurements: {
        lcp: { value: 2100.5, unit: 'millisecond' },
        cls: { value: 0.05, unit: '' },
        fcp: { value: 900 },
        ttfb: { value: 120 },
        fp: { value: 1 },
      },
    };
    const r = ok(prepareItems('envelope', envelope({}, [{ header: { type: 'transaction' }, payload: tx }])));
    expect(r.units.map((u) => u.envelope)).toEqual([
      {
        type: 'transaction',
        name: '/checkout',
        duration: 1250,
        timestamp: (T + 1.25) * 1000,
        status: 'internal_error',
        vitals: { lcp: 2100.5, cls: 0.05, fcp: 900, ttfb: 120 },
      },
    ]);
  });

  it('span v2: a segment span becomes a transaction, with web vitals from its attributes and from web-vital spans of its trace', () => {
    const trace = 'a'.repeat(32);
    const attr = (value: number) => ({ type: 'double', value });
    const spans = {
      version: 2,
      items: [
        {
          trace_id: trace,
          span_id: '1',
          parent_span_id: '0',
          name: 'resource',
          start_timestamp: T,
          end_timestamp: T + 0.1,
          status: 'ok',
          is_segment: false,
          attributes: {},
        },
        {
          trace_id: trace,
          span_id: '2',
          parent_span_id: '0',
          name: 'lcp',
          start_timestamp: T,
          end_timestamp: T + 1.8,
          status: 'ok',
          is_segment: false,
          attributes: { 'browser.web_vital.lcp.value': attr(1800) },
        },
        {
          trace_id: trace,
          span_id: '3',
          parent_span_id: '0',
          name: 'cls',
          start_timestamp: T,
          end_timestamp: T,
          status: 'ok',
          is_segment: false,
          attributes: { 'browser.web_vital.cls.value': attr(0.02) },
        },
        {
          trace_id: trace,
          span_id: '0',
          name: '/products',
          start_timestamp: T,
          end_timestamp: T + 2.5,
          status: 'ok',
          is_segment: true,
          attributes: {
            'sentry.op': { type: 'string', value: 'pageload' },
            'browser.web_vital.fcp.value': attr(700),
            'browser.web_vital.ttfb.value': attr(90),
          },
        },
        {
          trace_id: 'b'.repeat(32),
          span_id: '9',
          name: 'GET /api',
          start_timestamp: T,
          end_timestamp: T + 0.5,
          status: 'error',
          is_segment: true,
          attributes: {},
        },
      ],
    };
    const r = ok(
      prepareItems(
        'envelope',
        envelope({ sent_at: '2024-01-01T00:00:00Z' }, [
          {
            header: { type: 'span', item_count: 5, content_type: 'application/vnd.sentry.items.span.v2+json' },
            payload: spans,
          },
        ]),
      ),
    );
    expect(r.units.map((u) => [u.path, u.envelope])).toEqual([
      [
        ['items', 0, 'items', 3],
        {
          type: 'transaction',
          name: '/products',
          duration: 2500,
          timestamp: (T + 2.5) * 1000,
          status: 'ok',
          trace_id: trace,
          vitals: { lcp: 1800, cls: 0.02, fcp: 700, ttfb: 90 },
        },
      ],
      [
        ['items', 0, 'items', 4],
        {
          type: 'transaction',
          name: 'GET /api',
          duration: 500,
          timestamp: (T + 0.5) * 1000,
          status: 'error',
          trace_id: 'b'.repeat(32),
        },
      ],
    ]);
  });

  it('a page-load segment named by URL (source url) takes its url.path as the transaction name', () => {
    const str = (value: string) => ({ type: 'string', value });
    const span = {
      trace_id: 'e'.repeat(32),
      span_id: 'f',
      name: 'Pageload',
      start_timestamp: T,
      end_timestamp: T + 1,
      is_segment: true,
      attributes: { 'sentry.segment.name.source': str('url'), 'url.path': str('/products.html') },
    };
    const named = {
      ...span,
      attributes: { 'sentry.segment.name.source': str('route'), 'url.path': str('/products/42') },
      name: '/products/:id',
    };
    const r = ok(
      prepareItems(
        'envelope',
        envelope({}, [{ header: { type: 'span' }, payload: { version: 2, items: [span, named] } }]),
      ),
    );
    expect(r.units.map((u) => (u.envelope as { name: string }).name)).toEqual(['/products.html', '/products/:id']);
  });

  it('a single span object (older streaming SDKs) with is_segment and measurements', () => {
    const span = {
      trace_id: 'c'.repeat(32),
      span_id: 'd',
      description: 'GET /x',
      start_timestamp: T,
      timestamp: T + 0.02,
      is_segment: true,
      measurements: { ttfb: { value: 15 } },
    };
    const r = ok(prepareItems('envelope', envelope({}, [{ header: { type: 'span' }, payload: span }])));
    expect(r.units.map((u) => u.envelope)).toEqual([
      {
        type: 'transaction',
        name: 'GET /x',
        duration: 20,
        timestamp: (T + 0.02) * 1000,
        status: 'ok',
        trace_id: 'c'.repeat(32),
        vitals: { ttfb: 15 },
      },
    ]);
  });
});
