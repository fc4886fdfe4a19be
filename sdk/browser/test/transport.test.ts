import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_QUEUE, Transport } from '../src/transport';

const URL = 'https://tracker.example.com/api/v1/ingest/3/envelope';
let online = true;

beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).onLine;
});

describe('Transport', () => {
  it('POSTs JSON with keepalive and the X-Ingest-Auth header', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    const t = new Transport(URL, 'pk_live_1');
    expect(await t.send({ hello: 'world' })).toBe('sent');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(URL, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', 'X-Ingest-Auth': 'ingest_key=pk_live_1' },
      body: '{"hello":"world"}',
    });
    t.close();
  });

  it('drops a 429 silently and never retries it', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('slow down', { status: 429, headers: { 'Retry-After': '1' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const t = new Transport(URL, 'k');
    expect(await t.send({ n: 1 })).toBe('rate_limited');
    expect(t.queued).toBe(0);
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    t.close();
  });

  it('queues while offline and flushes on `online`', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    const t = new Transport(URL, 'k');
    online = false;
    expect(await t.send({ n: 1 })).toBe('queued');
    expect(await t.send({ n: 2 })).toBe('queued');
    expect(t.queued).toBe(2);

    online = true;
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response(null, { status: 200 }));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map((c) => c[1].body)).toEqual(['{"n":1}', '{"n":2}']);
    expect(t.queued).toBe(0);
    t.close();
  });

  it('keeps at most 30 queued (oldest dropped)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const t = new Transport(URL, 'k');
    online = false;
    for (let i = 0; i < 35; i++) await t.send({ i });
    expect(MAX_QUEUE).toBe(30);
    expect(t.queued).toBe(30);
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    online = true;
    await t.flush();
    expect(fetchMock).toHaveBeenCalledTimes(30);
    expect(fetchMock.mock.calls[0][1].body).toBe('{"i":5}');
    t.close();
  });

  it('drops other failures (online network error, 5xx) without queueing or throwing', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('CORS'))
      .mockResolvedValueOnce(new Response(null, { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const t = new Transport(URL, 'k');
    expect(await t.send({ a: 1 })).toBe('failed');
    expect(await t.send({ a: 2 })).toBe('dropped');
    expect(t.queued).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    t.close();
  });

  it('does not use keepalive for bodies over the 64 KiB keepalive limit', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const t = new Transport(URL, 'k');
    await t.send({ big: 'x'.repeat(70000) });
    expect(fetchMock.mock.calls[0][1].keepalive).toBe(false);
    t.close();
  });

  it('does not throw on unserializable payloads', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const t = new Transport(URL, 'k');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await t.send(cyclic)).toBe('dropped');
    expect(fetchMock).not.toHaveBeenCalled();
    t.close();
  });
});
