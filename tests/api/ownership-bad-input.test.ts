// Ownership rules and CODEOWNERS (#49): every bad input's exact status and body; another organization's projects and
// teams.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { alice, makeTeam, owner, project, put, RULES, useOwnershipProject } from '../support/ownership';

useOwnershipProject();

describe('bad input: exact status and body', () => {
  const base = () => `/api/v1/projects/${project.id}`;
  const invalid = (message: string, errors: [number, number, string][]) => ({
    statusCode: 400,
    status: 'failed',
    message,
    error: errors.map(([line, column, m]) => ({ path: ['raw'], line, column, message: m })),
  });

  it('syntax errors, each at its line and column, and nothing saved', async () => {
    const raw = [
      '# ok',
      'path:src/* #payments',
      'foo:bar #payments',
      'url:',
      '  path:"src/a #x',
      'tags.:eu #emea',
      'module:x nobody',
      'path:src/b',
    ].join('\n');
    for (const p of ['ownership', 'ownership/preview']) {
      const res = await (p === 'ownership'
        ? put(owner.client, `${base()}/${p}`, { raw })
        : owner.client.post(`${base()}/${p}`, { raw }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        invalid('Invalid ownership rules', [
          [3, 1, 'Unknown matcher type "foo": use path, url, module, codeowners or tags.<name>'],
          [4, 5, 'Missing pattern after "url:"'],
          [5, 8, 'Unterminated quoted pattern: add the closing "'],
          [6, 1, 'A tag matcher names its tag: tags.<name>:<pattern>'],
          [7, 10, '"nobody" is not an owner: write an email address or #team-slug'],
          [8, 11, 'Rule has no owners: add an email address or #team-slug'],
        ]),
      );
    }
    expect((await owner.client.get(`${base()}/ownership`)).body.data.raw).toBe(RULES(alice.email));
  });

  it("unknown owners: a team or an address nobody here has, another organization's team and member", async () => {
    const stranger = await signUp({ name: 'Stranger' });
    await makeTeam(stranger.orgId, 'theirs');
    const raw = `path:a #nope\npath:b ghost@example.com\npath:c #theirs ${stranger.email}\npath:d #payments`;
    const res = await put(owner.client, `${base()}/ownership`, { raw });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      invalid('Invalid ownership rules', [
        [1, 8, 'Unknown team "#nope": no team of this organization has this slug'],
        [2, 8, 'Unknown owner "ghost@example.com": no member of this organization has this email address'],
        [3, 8, 'Unknown team "#theirs": no team of this organization has this slug'],
        [3, 16, `Unknown owner "${stranger.email}": no member of this organization has this email address`],
      ]),
    );
  });

  it('bodies: too long, nothing to change, wrong types', async () => {
    const long = await put(owner.client, `${base()}/ownership`, { raw: 'a'.repeat(100_001) });
    expect([long.status, long.body]).toEqual([
      400,
      {
        statusCode: 400,
        status: 'failed',
        message: 'Validation error',
        error: [{ path: ['raw'], message: 'At most 100000 characters' }],
      },
    ]);
    const empty = await put(owner.client, `${base()}/ownership`, {});
    expect(empty.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path: [], message: 'Send raw, autoAssignment or both' }],
    });
    const typed = await put(owner.client, `${base()}/ownership`, { autoAssignment: 'yes' });
    expect(typed.body.error).toEqual([{ path: ['autoAssignment'], message: 'Must be true or false' }]);
  });

  it('CODEOWNERS: over the cap 413, GitHub users and unknown teams 400, no rules 400, an unknown file 404', async () => {
    const huge = await owner.client.post(`${base()}/codeowners`, {
      raw: `*.js @acme/payments\n${'#'.repeat(100_000)}`,
    });
    expect([huge.status, huge.body]).toEqual([
      413,
      { statusCode: 413, status: 'failed', message: 'CODEOWNERS file too large: at most 100000 characters' },
    ]);
    const bad = await owner.client.post(`${base()}/codeowners`, {
      raw: '*.js @acme/payments\n/ops/  @octocat @acme/nope\n',
    });
    expect(bad.body).toEqual(
      invalid('Invalid CODEOWNERS file', [
        [2, 8, '"@octocat" is a GitHub user: name a member by email address, or a team as @org/team-slug'],
      ]),
    );
    const unknownTeam = await owner.client.post(`${base()}/codeowners`, { raw: '/ops/ @acme/nope' });
    expect(unknownTeam.body).toEqual(
      invalid('Invalid CODEOWNERS file', [[1, 7, 'Unknown team "#nope": no team of this organization has this slug']]),
    );
    const none = await owner.client.post(`${base()}/codeowners`, { raw: '# only a comment\n' });
    expect(none.body).toEqual(
      invalid('Invalid CODEOWNERS file', [[1, 1, 'The file has no rules: each line is a path pattern and its owners']]),
    );
    const gone = await owner.client.delete(`${base()}/codeowners/no-such-file`);
    expect([gone.status, gone.body]).toEqual([
      404,
      { statusCode: 404, status: 'failed', message: 'CODEOWNERS file not found' },
    ]);
    expect(await db.projectCodeOwners.count({ where: { projectId: project.id } })).toBe(1);
  });

  it('a MEMBER reads and previews but cannot change: 403', async () => {
    const res = await put(alice.client, `${base()}/ownership`, { raw: '' });
    expect([res.status, res.body]).toEqual([
      403,
      { statusCode: 403, status: 'failed', message: 'This action requires the ADMIN role' },
    ]);
    const up = await alice.client.post(`${base()}/codeowners`, { raw: '*.js @acme/payments' });
    expect(up.status).toBe(403);
  });

  it('another organization: each route of the project 404, its CODEOWNERS file unreachable from their own project', async () => {
    const stranger = await signUp({ name: 'Other org' });
    const theirs = await createProject(stranger.client, 'Theirs');
    const file = (await owner.client.get(`${base()}/codeowners`)).body.data[0];
    const attempts: [string, () => Promise<{ status: number; body: unknown }>][] = [
      ['read', () => stranger.client.get(`${base()}/ownership`)],
      ['save', () => put(stranger.client, `${base()}/ownership`, { raw: '' })],
      ['preview', () => stranger.client.post(`${base()}/ownership/preview`, { raw: '' })],
      ['list files', () => stranger.client.get(`${base()}/codeowners`)],
      ['upload', () => stranger.client.post(`${base()}/codeowners`, { raw: '*.js a@b.c' })],
      ['delete', () => stranger.client.delete(`${base()}/codeowners/${file.id}`)],
    ];
    for (const [label, attempt] of attempts) {
      const res = await attempt();
      expect([label, res.status, res.body], label).toEqual([
        label,
        404,
        { statusCode: 404, status: 'failed', message: 'Project not found' },
      ]);
    }
    const viaTheirs = await stranger.client.delete(`/api/v1/projects/${theirs.id}/codeowners/${file.id}`);
    expect([viaTheirs.status, viaTheirs.body]).toEqual([
      404,
      { statusCode: 404, status: 'failed', message: 'CODEOWNERS file not found' },
    ]);
    expect(await db.projectCodeOwners.count({ where: { id: file.id } })).toBe(1);
    expect((await owner.client.get(`${base()}/ownership`)).body.data.raw).toBe(RULES(alice.email));
  });
});
