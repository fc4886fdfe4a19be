// #62: a project's performance issue settings (GET/PATCH /api/v1/projects/:id/performance-issues): each bad input
// with its exact status and body, nothing changed by it; another organization's project 404 with nothing changed.
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';

const invalid = (...error: { path: string[]; message: string }[]) => ({
  statusCode: 400,
  status: 'failed',
  message: 'Validation error',
  error,
});

describe('performance issue settings', () => {
  it.each([
    [
      'a negative threshold',
      { slowDbQueryMs: -1 },
      invalid({ path: ['slowDbQueryMs'], message: 'Too small: expected number to be >=0' }),
    ],
    [
      'a threshold past 10 minutes',
      { slowDbQueryMs: 600_001 },
      invalid({ path: ['slowDbQueryMs'], message: 'Too big: expected number to be <=600000' }),
    ],
    [
      'a count under 2',
      { nPlusOneMinCount: 1 },
      invalid({ path: ['nPlusOneMinCount'], message: 'Too small: expected number to be >=2' }),
    ],
    [
      'a switch that is not a boolean',
      { slowDbQuery: 'yes' },
      invalid({ path: ['slowDbQuery'], message: 'Invalid input: expected boolean, received string' }),
    ],
    [
      'an unknown field',
      { slowQueryMs: 5 },
      invalid({ path: [], message: 'Unrecognized key: "slowQueryMs"' }, { path: [], message: 'Nothing to update' }),
    ],
    ['nothing to update', {}, invalid({ path: [], message: 'Nothing to update' })],
  ])('%s: 400 with its path and message, the settings unchanged', async (_name, body, expected) => {
    const s = await signUp();
    const project = await createProject(s.client, 'Settings');
    const url = `/api/v1/projects/${project.id}/performance-issues`;
    const before = (await s.client.get(url)).body.data;
    const res = await s.client.patch(url, body);
    expect([res.status, res.body]).toEqual([400, expected]);
    expect((await s.client.get(url)).body.data).toEqual(before);
  });

  it("another organization's project: 404 to read and to change, and nothing changed", async () => {
    const owner = await signUp();
    const project = await createProject(owner.client, 'Theirs');
    const url = `/api/v1/projects/${project.id}/performance-issues`;
    const before = (await owner.client.get(url)).body.data;
    const other = await signUp();
    const read = await other.client.get(url);
    const change = await other.client.patch(url, { slowDbQueryMs: 5 });
    expect([read.status, read.body.message]).toEqual([404, 'Project not found']);
    expect([change.status, change.body.message]).toEqual([404, 'Project not found']);
    expect((await owner.client.get(url)).body.data).toEqual(before);
  });
});
