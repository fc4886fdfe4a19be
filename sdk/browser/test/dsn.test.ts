import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureException, captureMessage, close, getClient, init, parseDsn, setTag, setUser } from '../src/index';

describe('parseDsn', () => {
  it('parses https and http DSNs into the ingest URL', () => {
    expect(parseDsn('https://pk_abc123@tracker.example.com/42')).toEqual({
      protocol: 'https',
      publicKey: 'pk_abc123',
      host: 'tracker.example.com',
      projectId: '42',
      ingestUrl: 'https://tracker.example.com/api/v1/ingest/42/envelope',
    });
    expect(parseDsn('http://key@localhost:8080/proj-1')!.ingestUrl).toBe(
      'http://localhost:8080/api/v1/ingest/proj-1/envelope',
    );
    expect(parseDsn('http://key@127.0.0.1:3000/7/')!.ingestUrl).toBe('http://127.0.0.1:3000/api/v1/ingest/7/envelope');
  });
  it('rejects invalid DSNs', () => {
    for (const bad of [
      '',
      'not a dsn',
      'ftp://key@host/1',
      'https://host/1', // no public key
      'https://key@host', // no project
      'https://key@host/', // no project
      'https://key@host/a/b', // extra path
      'https://key@ho st/1',
      undefined,
      null,
      42,
      {},
    ]) {
      expect(parseDsn(bad), String(bad)).toBeNull();
    }
  });
});

describe('init with an invalid DSN', () => {
  afterEach(() => close());

  it('warns exactly once, disables the library and never throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(() => init({ dsn: 'https://missing-project@host' })).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('Invalid DSN');
    expect(getClient().enabled).toBe(false);
    expect(captureException(new Error('x'))).toBeUndefined();
    expect(captureMessage('hello')).toBeUndefined();
    setUser({ id: '1' });
    setTag('a', 'b');
    await new Promise((r) => setTimeout(r, 0));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    // console is not instrumented while disabled
    expect(getClient().breadcrumbs).toEqual([]);
  });

  it('does not throw on garbage options', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // @ts-expect-error deliberately wrong
    expect(() => init(undefined)).not.toThrow();
    // @ts-expect-error deliberately wrong
    expect(() => init({ dsn: 123 })).not.toThrow();
    expect(getClient().enabled).toBe(false);
  });

  it('a valid DSN enables it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    init({ dsn: 'https://key@tracker.example.com/1' });
    expect(warn).not.toHaveBeenCalled();
    expect(getClient().enabled).toBe(true);
  });
});
