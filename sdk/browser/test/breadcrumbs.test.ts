import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BreadcrumbBuffer, describeElement } from '../src/breadcrumbs';
import { addBreadcrumb, captureException, close, getClient, init } from '../src/index';

const DSN = 'https://pk@tracker.example.com/9';
const INGEST = 'https://tracker.example.com/api/v1/ingest/9/envelope';
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('BreadcrumbBuffer', () => {
  it('keeps at most 100, dropping the oldest', () => {
    const b = new BreadcrumbBuffer();
    for (let i = 0; i < 150; i++) b.add({ type: 'test', message: 'm' + i });
    const items = b.snapshot();
    expect(items).toHaveLength(100);
    expect(items[0].message).toBe('m50');
    expect(items[99].message).toBe('m149');
    expect(typeof items[0].timestamp).toBe('number');
  });
  it('never holds more than 100 even if configured higher', () => {
    expect(new BreadcrumbBuffer(500).max).toBe(100);
    expect(new BreadcrumbBuffer(10).max).toBe(10);
  });
});

describe('describeElement', () => {
  it('tag#id.class', () => {
    document.body.innerHTML = '<button id="save" class="btn  primary">Save</button><span>x</span>';
    expect(describeElement(document.getElementById('save'))).toBe('button#save.btn.primary');
    expect(describeElement(document.querySelector('span'))).toBe('span');
    expect(describeElement(null)).toBe('<unknown>');
  });
});

describe('instrumentation', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(
      async (input: RequestInfo | URL) => new Response('{}', { status: String(input).includes('missing') ? 404 : 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    history.replaceState(null, '', '/');
  });
  afterEach(() => {
    close();
    document.body.innerHTML = '';
  });

  it('caps at 100 through the public API, oldest dropped', () => {
    init({ dsn: DSN });
    for (let i = 0; i < 130; i++) addBreadcrumb({ type: 'custom', message: String(i) });
    const crumbs = getClient().breadcrumbs;
    expect(crumbs).toHaveLength(100);
    expect(crumbs[0].message).toBe('30');
    expect(crumbs[99].message).toBe('129');
  });

  it('records clicks', () => {
    init({ dsn: DSN });
    document.body.innerHTML = '<div><a id="home" class="nav-link active" href="#">Home</a></div>';
    (document.getElementById('home') as HTMLElement).click();
    const c = getClient().breadcrumbs.filter((b) => b.type === 'click');
    expect(c).toHaveLength(1);
    expect(c[0].message).toBe('a#home.nav-link.active');
  });

  it('records pushState, replaceState and popstate', () => {
    init({ dsn: DSN });
    history.pushState({}, '', '/projects/1');
    history.replaceState({}, '', '/projects/1?tab=issues');
    // a back navigation: the URL changes without our wrappers, then popstate fires
    History.prototype.replaceState.call(history, null, '', '/back');
    window.dispatchEvent(new Event('popstate'));
    const nav = getClient().breadcrumbs.filter((b) => b.type === 'navigation');
    expect(nav.map((b) => b.data)).toEqual([
      { from: 'http://localhost:3000/', to: 'http://localhost:3000/projects/1', via: 'pushState' },
      {
        from: 'http://localhost:3000/projects/1',
        to: 'http://localhost:3000/projects/1?tab=issues',
        via: 'replaceState',
      },
      { from: 'http://localhost:3000/projects/1?tab=issues', to: 'http://localhost:3000/back', via: 'popstate' },
    ]);
    expect(location.pathname).toBe('/back');
  });

  it('records console calls and still calls the original', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    init({ dsn: DSN });
    console.log('hello', { a: 1 }, 3);
    console.error('bad thing');
    expect(log).toHaveBeenCalledWith('hello', { a: 1 }, 3);
    expect(error).toHaveBeenCalledWith('bad thing');
    const c = getClient().breadcrumbs.filter((b) => b.type === 'console');
    expect(c.map((b) => [b.message, b.data])).toEqual([
      ['hello {"a":1} 3', { level: 'log' }],
      ['bad thing', { level: 'error' }],
    ]);
    close();
    expect(console.log).toBe(log); // restored
  });

  it('records fetch with method, url and status, but never the ingest URL', async () => {
    init({ dsn: DSN });
    await fetch('/api/items', { method: 'post' });
    await fetch(new URL('https://api.example.com/missing'));
    captureException(new Error('boom'));
    await tick();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[2][0]).toBe(INGEST);
    await fetch(INGEST, { method: 'POST', body: '{}' });
    const f = getClient().breadcrumbs.filter((b) => b.type === 'fetch');
    expect(f.map((b) => b.data)).toEqual([
      { method: 'POST', url: 'http://localhost:3000/api/items', status: 200 },
      { method: 'GET', url: 'https://api.example.com/missing', status: 404 },
    ]);
    expect(JSON.stringify(getClient().breadcrumbs)).not.toContain('/ingest/');
  });

  it('records failed fetches and rethrows', async () => {
    init({ dsn: DSN });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(fetch('https://down.example.com/x')).rejects.toThrow('Failed to fetch');
    const f = getClient().breadcrumbs.filter((b) => b.type === 'fetch');
    expect(f[0].data).toEqual({
      method: 'GET',
      url: 'https://down.example.com/x',
      status: 0,
      error: 'Failed to fetch',
    });
  });

  it('records XHR with method, url and status, but never the ingest URL', async () => {
    class FakeXHR extends EventTarget {
      status = 0;
      open(_method: string, _url: string) {}
      send(_body?: unknown) {
        setTimeout(() => {
          this.status = 201;
          this.dispatchEvent(new Event('loadend'));
        }, 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const origOpen = FakeXHR.prototype.open;
    init({ dsn: DSN });
    expect(FakeXHR.prototype.open).not.toBe(origOpen);
    const x = new XMLHttpRequest();
    x.open('put', '/api/things/1');
    x.send('{}');
    const y = new XMLHttpRequest();
    y.open('POST', INGEST);
    y.send('{}');
    await tick();
    await tick();
    const xs = getClient().breadcrumbs.filter((b) => b.type === 'xhr');
    expect(xs.map((b) => b.data)).toEqual([{ method: 'PUT', url: 'http://localhost:3000/api/things/1', status: 201 }]);
    close();
    expect(FakeXHR.prototype.open).toBe(origOpen); // restored
  });

  it('attaches breadcrumbs to events', async () => {
    init({ dsn: DSN });
    addBreadcrumb({ type: 'custom', message: 'before error', data: { n: 1 } });
    captureException(new Error('boom'));
    await tick();
    const body = JSON.parse(fetchMock.mock.calls[0][1].body);
    expect(body.breadcrumbs).toHaveLength(1);
    expect(body.breadcrumbs[0]).toMatchObject({ type: 'custom', message: 'before error', data: { n: 1 } });
    expect(typeof body.breadcrumbs[0].timestamp).toBe('number');
  });
});
