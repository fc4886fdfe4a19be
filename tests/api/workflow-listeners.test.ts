// Which projects' new issues get a workflow job (#49, lib/workflow/listeners.ts): each reason to listen, alone.
import { describe, expect, it } from 'vitest';
import { pool } from '@/lib/pg';
import { projectsListeningForNewIssues } from '@/lib/workflow/listeners';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';

describe('projects listening for new issues', () => {
  it.each([
    ['nothing configured', async () => {}, false],
    [
      'suspect-commit assignment on',
      (p: string) => sql('UPDATE projects SET suspect_commit_auto_assign = true WHERE id = $1', [p]),
      true,
    ],
    [
      'ownership rules, auto-assignment on',
      (p: string) =>
        sql(`INSERT INTO project_ownership (project_id, raw) VALUES ($1, 'path:src/* a@example.com')`, [p]),
      true,
    ],
    [
      'ownership rules, auto-assignment off',
      (p: string) =>
        sql(
          `INSERT INTO project_ownership (project_id, raw, auto_assignment) VALUES ($1, 'path:src/* a@example.com', false)`,
          [p],
        ),
      false,
    ],
    [
      'an ownership row without rules or CODEOWNERS',
      (p: string) => sql(`INSERT INTO project_ownership (project_id, raw) VALUES ($1, '')`, [p]),
      false,
    ],
    [
      'CODEOWNERS only',
      async (p: string) => {
        await sql(`INSERT INTO project_ownership (project_id, raw) VALUES ($1, '')`, [p]);
        await sql(`INSERT INTO project_codeowners (project_id, raw) VALUES ($1, '* @org/web')`, [p]);
      },
      true,
    ],
    ['a team with no members', (p: string, org: string) => team(p, org, false), false],
    ['a team with a member', (p: string, org: string, user: string) => team(p, org, true, user), true],
    ['a webhook for comments only', (p: string) => hook(p, ['COMMENTED']), false],
    ['a webhook for new issues', (p: string) => hook(p, ['NEW_ISSUE', 'COMMENTED']), true],
  ] as const)('%s', async (_name, configure, listening) => {
    const me = await signUp();
    const project = await createProject(me.client, 'Listens');
    await (configure as (p: string, org: string, user: string) => Promise<unknown>)(project.id, me.orgId, me.user.id);
    expect((await projectsListeningForNewIssues([project.id])).has(project.id)).toBe(listening);
  });
});

const sql = (text: string, values: unknown[]) => pool().query(text, values);

async function team(projectId: string, orgId: string, withMember: boolean, userId?: string) {
  const { rows } = await sql(`INSERT INTO teams (org_id, name, slug) VALUES ($1, 'Web', 'web') RETURNING id`, [orgId]);
  await sql('INSERT INTO team_projects (team_id, project_id) VALUES ($1, $2)', [rows[0].id, projectId]);
  if (withMember) await sql('INSERT INTO team_members (team_id, user_id) VALUES ($1, $2)', [rows[0].id, userId]);
}

async function hook(projectId: string, events: string[]) {
  await sql(`INSERT INTO project_notification_webhooks (project_id, url, events, secret) VALUES ($1, $2, $3, 'x')`, [
    projectId,
    'https://hooks.example.com/x',
    events,
  ]);
}
