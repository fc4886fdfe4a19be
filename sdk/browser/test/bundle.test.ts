import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('script-tag bundle (IIFE)', () => {
  afterEach(() => {
    const T = (globalThis as Record<string, any>).Tracker;
    if (T) T.close();
    delete (globalThis as Record<string, unknown>).Tracker;
  });

  it('exposes a global Tracker with the API and works', async () => {
    const out = await build({
      entryPoints: [resolve(dirname(fileURLToPath(import.meta.url)), '../src/browser.ts')],
      bundle: true,
      format: 'iife',
      minify: true,
      write: false,
      target: 'es2017',
      logLevel: 'silent',
    });
    const code = out.outputFiles[0].text;
    new Function(code)();
    const T = (globalThis as Record<string, any>).Tracker;
    for (const fn of ['init', 'captureException', 'captureMessage', 'setUser', 'setTag'])
      expect(typeof T[fn]).toBe('function');

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    T.init({ dsn: 'bogus' });
    expect(warn).toHaveBeenCalledTimes(1);

    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    T.init({ dsn: 'http://key@localhost:9000/1' });
    T.captureMessage('from the script build');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0][0]).toBe('http://localhost:9000/api/v1/ingest/1/envelope');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1].body)).exception.value).toBe('from the script build');
  });
});
