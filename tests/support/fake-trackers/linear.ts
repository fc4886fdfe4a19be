// Linear's GraphQL API on loopback: the operations @linear/sdk sends for issues (createIssue, issue, workflowState,
// workflowStates, teams, updateIssue), the API key in Authorization, answers in the shape of Linear's schema.
import crypto from 'node:crypto';
import { loopback, type Answer } from './loopback';

export type FakeLinearIssue = {
  id: string;
  identifier: string;
  title: string;
  description: string;
  teamId: string;
  stateId: string;
};

const TEAM = { id: '6f1f3d9e-3a57-4c4e-9c8a-0d2c4a1b2c3d', key: 'ENG', name: 'Engineering' };
const STATES = [
  { id: 'st-backlog', name: 'Backlog', type: 'backlog', position: 0 },
  { id: 'st-todo', name: 'Todo', type: 'unstarted', position: 1 },
  { id: 'st-done', name: 'Done', type: 'completed', position: 3 },
  { id: 'st-canceled', name: 'Canceled', type: 'canceled', position: 4 },
];
const pageInfo = { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null };

export async function fakeLinear(opts: { apiKey: string }) {
  const issues: FakeLinearIssue[] = [];
  const problems: string[] = [];
  const operations: string[] = [];
  const view = (i: FakeLinearIssue) => ({
    id: i.id,
    identifier: i.identifier,
    title: i.title,
    description: i.description,
    url: `https://linear.app/acme/issue/${i.identifier}/bug`,
    number: Number(i.identifier.split('-')[1]),
    team: { id: i.teamId },
    state: { id: i.stateId },
    reactions: [],
    sharedAccess: {
      isShared: false,
      sharedWithCount: 0,
      viewerHasOnlySharedAccess: false,
      disallowedIssueFields: [],
      sharedWithUsers: [],
    },
    createdAt: '2026-12-01T00:00:00.000Z',
    updatedAt: '2026-12-01T00:00:00.000Z',
  });
  const data = (d: unknown): Answer => ({ status: 200, body: { data: d } });
  const server = await loopback((req): Answer => {
    if (req.method !== 'POST' || req.path !== '/graphql')
      return { status: 404, body: { errors: [{ message: 'Not found' }] } };
    if (req.headers.authorization !== opts.apiKey)
      return {
        status: 400,
        body: {
          errors: [
            {
              message: 'Authentication required, not authenticated',
              extensions: { type: 'authentication error', code: 'AUTHENTICATION_ERROR' },
            },
          ],
        },
      };
    const op = /^\s*(?:query|mutation)\s+(\w+)/.exec(String(req.body?.query ?? ''))?.[1] ?? '';
    operations.push(op);
    const v = req.body?.variables ?? {};
    switch (op) {
      case 'teams': {
        const key = v.filter?.key?.eq;
        return data({ teams: { nodes: key === TEAM.key ? [TEAM] : [], pageInfo } });
      }
      case 'createIssue': {
        if (v.input?.teamId !== TEAM.id || !v.input?.title) problems.push(`createIssue ${JSON.stringify(v.input)}`);
        const issue = {
          id: crypto.randomUUID(),
          identifier: `ENG-${issues.length + 1}`,
          title: v.input.title,
          description: v.input.description ?? '',
          teamId: v.input.teamId,
          stateId: 'st-todo',
        };
        issues.push(issue);
        return data({ issueCreate: { success: true, lastSyncId: 1, issue: { id: issue.id } } });
      }
      case 'issue': {
        const issue = issues.find((i) => i.id === v.id || i.identifier === v.id);
        if (!issue)
          return {
            status: 200,
            body: {
              data: null,
              errors: [
                { message: 'Entity not found: Issue', extensions: { type: 'invalid input', code: 'INPUT_ERROR' } },
              ],
            },
          };
        return data({ issue: view(issue) });
      }
      case 'workflowState':
        return data({ workflowState: STATES.find((s) => s.id === v.id) ?? null });
      case 'workflowStates': {
        const types: string[] = v.filter?.type?.in ?? [];
        if (v.filter?.team?.id?.eq !== TEAM.id) problems.push(`workflowStates of ${JSON.stringify(v.filter)}`);
        return data({ workflowStates: { nodes: STATES.filter((s) => types.includes(s.type)), pageInfo } });
      }
      case 'updateIssue': {
        const issue = issues.find((i) => i.id === v.id);
        if (!issue) return { status: 200, body: { data: null, errors: [{ message: 'Entity not found: Issue' }] } };
        if (v.input?.stateId) issue.stateId = v.input.stateId;
        return data({ issueUpdate: { success: true, lastSyncId: 2, issue: { id: issue.id } } });
      }
      default:
        problems.push(`operation ${op}`);
        return { status: 400, body: { errors: [{ message: `Unknown operation ${op}` }] } };
    }
  });
  return { ...server, issues, problems, operations, team: TEAM, states: STATES };
}

/** Linear's Issue update webhook as Linear sends it: Linear-Signature over the raw body, webhookTimestamp in it. */
export function linearIssueWebhook(a: {
  secret: string;
  issue: FakeLinearIssue;
  stateType: string;
  timestamp?: number;
  delivery?: string;
}) {
  const body = JSON.stringify({
    action: 'update',
    type: 'Issue',
    createdAt: new Date().toISOString(),
    data: {
      id: a.issue.id,
      identifier: a.issue.identifier,
      title: a.issue.title,
      state: { id: 'x', name: a.stateType, type: a.stateType },
    },
    updatedFrom: { stateId: 'st-todo', updatedAt: new Date().toISOString() },
    url: `https://linear.app/acme/issue/${a.issue.identifier}`,
    webhookTimestamp: a.timestamp ?? Date.now(),
    webhookId: 'wh-1',
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'linear-delivery': a.delivery ?? crypto.randomUUID(),
      'linear-event': 'Issue',
      'linear-signature': crypto.createHmac('sha256', a.secret).update(body).digest('hex'),
    },
  };
}
