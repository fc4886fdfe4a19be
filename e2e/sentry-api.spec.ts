import { expect, test } from '@playwright/test';
import { registerUser } from './support/accounts';

// Sentry's management API (#63) through the production server: Next's routing of /api/0 (the root with and without
// its slash, the issue routes shared by /organizations/{org}/issues/{id}/ and /issues/{id}/, a path that exists
// nowhere, which answers JSON and never a page) and a Sentry envelope through the plain ingest path, read back and
// resolved with a bearer token. The API tests cover each endpoint; this checks they are what the server serves.

test('the /api/0 routes answer through the production server', async ({ request }) => {
  const user = await registerUser(request, { name: 'Api zero owner', verify: true });
  expect(
    (await request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const project = (await (await request.post('/api/v1/projects', { data: { name: 'Zero shop' } })).json()).data;
  const me = (await (await request.get('/api/v1/auth/me')).json()).data;
  const token = (
    await (
      await request.post('/api/v1/organization/tokens', { data: { name: 'tools', scopes: ['read', 'write'] } })
    ).json()
  ).data.token;
  const headers = { Authorization: `Bearer ${token}` };
  const event = {
    event_id: 'c0ffee00c0ffee00c0ffee00c0ffee00',
    timestamp: Date.now() / 1000,
    platform: 'node',
    exception: {
      values: [
        {
          type: 'TypeError',
          value: 'Card declined',
          stacktrace: { frames: [{ filename: 'app.js', function: 'pay', lineno: 3 }] },
        },
      ],
    },
  };
  const envelope = [
    JSON.stringify({ event_id: event.event_id }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
  const sent = await request.post(`/api/${project.number}/envelope/?sentry_key=${project.keys[0].publicKey}`, {
    headers: { 'content-type': 'application/x-sentry-envelope' },
    data: envelope,
  });
  expect(sent.status()).toBe(200);

  for (const root of ['/api/0/', '/api/0']) {
    const res = await request.get(root, { headers });
    expect(res.status(), root).toBe(200);
    expect((await res.json()).auth.scopes).toContain('event:write');
  }
  const org = me.organization.slug;
  const list = await request.get(`/api/0/organizations/${org}/issues/?query=`, { headers });
  expect(list.status()).toBe(200);
  expect(list.headers().link).toContain('rel="next"; results="false"');
  const [issue] = await list.json();
  expect(issue.shortId).toMatch(/^ZERO-SHOP-[0-9A-Z]+$/);
  const byShortId = await request.get(`/api/0/issues/${issue.shortId}/`, { headers });
  expect((await byShortId.json()).id).toBe(issue.id);
  const latest = await (
    await request.get(`/api/0/organizations/${org}/issues/${issue.id}/events/latest/`, { headers })
  ).json();
  expect([latest.eventID, latest.entries[0].data.values[0].stacktrace.frames.at(-1).function]).toEqual([
    event.event_id,
    'pay',
  ]);
  const resolved = await request.put(`/api/0/projects/${org}/${project.slug}/issues/?id=${issue.id}`, {
    headers,
    data: { status: 'resolved' },
  });
  expect([resolved.status(), (await resolved.json()).status]).toEqual([200, 'resolved']);
  for (const [method, path] of [
    ['GET', `/api/0/organizations/${org}/widgets/`],
    ['POST', '/api/0/nothing/here/'],
    ['GET', '/api/0/organizations/'],
  ] as const) {
    const res = await request.fetch(path, { method, headers });
    if (path === '/api/0/organizations/') expect(res.status()).toBe(200);
    else {
      expect([res.status(), res.headers()['content-type']], path).toEqual([
        404,
        expect.stringContaining('application/json'),
      ]);
      expect(await res.json()).toEqual({ detail: 'The requested resource does not exist' });
    }
  }
});
