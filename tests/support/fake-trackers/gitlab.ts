// GitLab's REST API v4 on loopback, as a self-managed GitLab answers it: a project's issues (create, show, edit with
// state_event), a PRIVATE-TOKEN required, fields as GitLab's issues API documents them.
import crypto from 'node:crypto';
import { loopback, type Answer } from './loopback';

export type FakeGitlabIssue = {
  id: number;
  iid: number;
  projectId: number;
  project: string;
  title: string;
  description: string;
  state: string;
};

export async function fakeGitlab(opts: { token: string }) {
  const issues: FakeGitlabIssue[] = [];
  const problems: string[] = [];
  let nextId = 700;
  const view = (base: string, i: FakeGitlabIssue) => ({
    id: i.id,
    iid: i.iid,
    project_id: i.projectId,
    title: i.title,
    description: i.description,
    state: i.state,
    web_url: `${base}/${i.project}/-/issues/${i.iid}`,
    references: { short: `#${i.iid}`, relative: `#${i.iid}`, full: `${i.project}#${i.iid}` },
    created_at: '2026-12-01T00:00:00.000Z',
    updated_at: '2026-12-01T00:00:00.000Z',
  });
  const server = await loopback((req): Answer => {
    if (req.headers['private-token'] !== opts.token) return { status: 401, body: { message: '401 Unauthorized' } };
    // The project id in the path is its URL-encoded path (group%2Fproject), as GitLab takes it.
    const m = /^\/api\/v4\/projects\/([^/]+)\/issues(?:\/(\d+))?$/.exec(req.path);
    if (!m) return { status: 404, body: { error: '404 Not Found' } };
    const project = decodeURIComponent(m[1]);
    if (req.method === 'POST' && !m[2]) {
      if (typeof req.body?.title !== 'string' || !req.body.title) {
        problems.push('create without a title');
        return { status: 400, body: { error: 'title is missing' } };
      }
      const issue = {
        id: nextId++,
        iid: issues.filter((i) => i.project === project).length + 1,
        projectId: 31,
        project,
        title: req.body.title,
        description: req.body.description ?? '',
        state: 'opened',
      };
      issues.push(issue);
      return { status: 201, body: view(server.url, issue) };
    }
    const issue = issues.find((i) => i.project === project && i.iid === Number(m[2]));
    if (!issue) return { status: 404, body: { message: '404 Not found' } };
    if (req.method === 'PUT') {
      const event = req.body?.state_event;
      if (event !== undefined && event !== 'close' && event !== 'reopen') {
        problems.push(`state_event ${String(event)}`);
        return { status: 400, body: { error: 'state_event does not have a valid value' } };
      }
      if (event) issue.state = event === 'close' ? 'closed' : 'opened';
    }
    return { status: 200, body: view(server.url, issue) };
  });
  return { ...server, issues, problems };
}

/** GitLab's "Issue Hook" as GitLab sends it, with the webhook's secret token. */
export function gitlabIssueWebhook(a: { token: string; action: string; issue: FakeGitlabIssue; delivery?: string }) {
  const body = JSON.stringify({
    object_kind: 'issue',
    event_type: 'issue',
    project: { id: a.issue.projectId, path_with_namespace: a.issue.project },
    object_attributes: {
      id: a.issue.id,
      iid: a.issue.iid,
      title: a.issue.title,
      action: a.action,
      state: a.action === 'close' ? 'closed' : 'opened',
    },
  });
  const uuid = a.delivery ?? crypto.randomUUID();
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-gitlab-event': 'Issue Hook',
      'x-gitlab-token': a.token,
      'x-gitlab-event-uuid': uuid,
      'idempotency-key': uuid,
    },
  };
}
