import { describe, expect, it } from 'vitest';
import { transactionEnvelopeFromSentry } from './map-transaction';
import { transactionsFromSpans } from './map-spans';

const TRACE = 'ab'.repeat(16);

describe('transactions keep environment, release and trace id', () => {
  it('a transaction event: top-level environment and release, the trace context id and status', () => {
    const env = transactionEnvelopeFromSentry({
      transaction: 'GET /users/:id',
      start_timestamp: 1_780_000_000,
      timestamp: 1_780_000_000.5,
      environment: 'production',
      release: 'api@1.2.3',
      contexts: { trace: { trace_id: TRACE, status: 'internal_error' } },
    });
    expect(env).toEqual({
      type: 'transaction',
      name: 'GET /users/:id',
      duration: 500,
      timestamp: 1_780_000_000_500,
      status: 'internal_error',
      environment: 'production',
      release: 'api@1.2.3',
      trace_id: TRACE,
    });
  });

  it('a transaction event without them carries none', () => {
    const env = transactionEnvelopeFromSentry({
      transaction: '/',
      start_timestamp: 1_780_000_000,
      timestamp: 1_780_000_001,
    });
    expect(env).not.toHaveProperty('environment');
    expect(env).not.toHaveProperty('release');
    expect(env).not.toHaveProperty('trace_id');
  });

  it('a segment span: sentry.environment and sentry.release attributes, its trace_id', () => {
    const attr = (value: string) => ({ type: 'string', value });
    const [tx] = transactionsFromSpans([
      {
        trace_id: TRACE,
        span_id: 's',
        name: 'GET /cart',
        is_segment: true,
        start_timestamp: 1_780_000_000,
        end_timestamp: 1_780_000_000.25,
        status: 'ok',
        attributes: { 'sentry.environment': attr('staging'), 'sentry.release': attr('web@2.0.0') },
      },
    ]);
    expect(tx.envelope).toMatchObject({
      name: 'GET /cart',
      duration: 250,
      status: 'ok',
      environment: 'staging',
      release: 'web@2.0.0',
      trace_id: TRACE,
    });
  });
});
