import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client } from '../src/client';
import { close, init } from '../src/index';
import { pageLoadDuration, shouldSample, type VitalsApi } from '../src/performance';

const DSN = 'https://pk@perf.example.com/5';
const INGEST = 'https://perf.example.com/api/v1/ingest/5/envelope';

type Cb = (m: { value: number }) => void;
function fakeVitals() {
  const cbs: Record<string, Cb> = {};
  const opts: Record<string, unknown> = {};
  const mk = (k: string) => (cb: Cb, o?: unknown) => {
    cbs[k] = cb;
    opts[k] = o;
  };
  const api: VitalsApi = { onLCP: mk('lcp'), onCLS: mk('cls'), onFCP: mk('fcp'), onTTFB: mk('ttfb') };
  return { api, cbs, opts };
}

let fetchMock: ReturnType<typeof vi.fn>;
let visibility: DocumentVisibilityState = 'visible';
const transactions = () => fetchMock.mock.calls.filter((c) => c[0] === INGEST).map((c) => JSON.parse(c[1].body));

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(null, { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  history.replaceState(null, '', '/dashboard/overview');
});
afterEach(() => {
  close();
  vi.useRealTimers();
  delete (document as unknown as Record<string, unknown>).visibilityState;
});

const hide = () => {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('shouldSample', () => {
  it('0 → never, 1 → always, otherwise random() < rate', () => {
    const never = vi.fn(() => 0);
    expect(shouldSample(0, never)).toBe(false);
    expect(shouldSample(undefined, never)).toBe(false);
    expect(shouldSample(-1, never)).toBe(false);
    expect(never).not.toHaveBeenCalled();
    expect(shouldSample(1, () => 0.999999)).toBe(true);
    expect(shouldSample(0.5, () => 0.49)).toBe(true);
    expect(shouldSample(0.5, () => 0.5)).toBe(false);
    expect(shouldSample(0.25, () => 0.9)).toBe(false);
  });
});

describe('page-load transaction', () => {
  it('is sent once when the page becomes hidden, with the known vitals', async () => {
    const v = fakeVitals();
    const client = new Client(v.api);
    const random = vi.fn(() => 0.1);
    client.init({ dsn: DSN, tracesSampleRate: 0.5, random });
    expect(random).toHaveBeenCalledTimes(1); // decided once, at init
    expect(v.opts.lcp).toEqual({ reportAllChanges: true });
    v.cbs.fcp({ value: 812.5 });
    v.cbs.ttfb({ value: 120 });
    v.cbs.lcp({ value: 1534 });
    v.cbs.cls({ value: 0.042 });
    hide();
    window.dispatchEvent(new Event('pagehide'));
    hide();
    await vi.waitFor(() => expect(transactions()).toHaveLength(1));
    const tx = transactions()[0];
    expect(Object.keys(tx).sort()).toEqual(['duration', 'name', 'status', 'timestamp', 'type', 'vitals']);
    expect(tx.type).toBe('transaction');
    expect(tx.name).toBe('/dashboard/overview');
    expect(tx.status).toBe('ok');
    expect(tx.vitals).toEqual({ lcp: 1534, cls: 0.042, fcp: 812.5, ttfb: 120 });
    expect(tx.duration).toBeGreaterThanOrEqual(0);
    expect(typeof tx.timestamp).toBe('number');
    expect(fetchMock.mock.calls[0][1].headers['X-Ingest-Auth']).toBe('ingest_key=pk');
    client.close();
  });

  it('is sent on pagehide', async () => {
    const client = new Client(fakeVitals().api);
    client.init({ dsn: DSN, tracesSampleRate: 1 });
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(transactions()).toHaveLength(1));
    expect(transactions()[0].vitals).toEqual({});
    client.close();
  });

  it('on pagehide before any visibilitychange (leaving by navigation), carries the latest LCP and CLS', async () => {
    const v = fakeVitals();
    const client = new Client(v.api);
    client.init({ dsn: DSN, tracesSampleRate: 1 });
    // web-vitals reports LCP and CLS before input or hide only when asked for every change.
    expect(v.opts.lcp).toEqual({ reportAllChanges: true });
    expect(v.opts.cls).toEqual({ reportAllChanges: true });
    v.cbs.fcp({ value: 300 });
    v.cbs.cls({ value: 0 });
    v.cbs.lcp({ value: 300 });
    v.cbs.lcp({ value: 640 });
    v.cbs.cls({ value: 0.12 });
    window.dispatchEvent(new Event('pagehide'));
    hide();
    await vi.waitFor(() => expect(transactions()).toHaveLength(1));
    expect(transactions()[0].vitals).toEqual({ fcp: 300, lcp: 640, cls: 0.12 });
    client.close();
  });

  it('is sent after the timeout if the page stays visible, and only once', async () => {
    vi.useFakeTimers();
    const v = fakeVitals();
    const client = new Client(v.api);
    client.init({ dsn: DSN, tracesSampleRate: 1, transactionTimeout: 10000 });
    v.cbs.ttfb({ value: 99 });
    vi.advanceTimersByTime(9999);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    hide();
    vi.advanceTimersByTime(20000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetchMock.mock.calls[0][1].body).vitals).toEqual({ ttfb: 99 });
    client.close();
  });

  it('tracesSampleRate 0 (default) never sends; unsampled random never sends', async () => {
    for (const opts of [{}, { tracesSampleRate: 0, random: () => 0 }, { tracesSampleRate: 0.3, random: () => 0.31 }]) {
      const v = fakeVitals();
      const client = new Client(v.api);
      client.init({ dsn: DSN, ...opts });
      expect(v.cbs.lcp).toBeUndefined(); // web-vitals not even registered
      hide();
      window.dispatchEvent(new Event('pagehide'));
      client.close();
      visibility = 'visible';
    }
    await new Promise((r) => setTimeout(r, 0));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('truncates the name to 200 chars', async () => {
    history.replaceState(null, '', '/' + 'a'.repeat(300));
    const client = new Client(fakeVitals().api);
    client.init({ dsn: DSN, tracesSampleRate: 1 });
    hide();
    await vi.waitFor(() => expect(transactions()).toHaveLength(1));
    expect(transactions()[0].name).toHaveLength(200);
    client.close();
  });

  it('works through the public init with the real web-vitals', async () => {
    init({ dsn: DSN, tracesSampleRate: 1 });
    hide();
    await vi.waitFor(() => expect(transactions()).toHaveLength(1));
    expect(transactions()[0].type).toBe('transaction');
  });

  it('duration comes from navigation timing when available', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { loadEventEnd: 1234.5, startTime: 0 } as unknown as PerformanceEntry,
    ]);
    expect(pageLoadDuration()).toBe(1234.5);
  });
});
