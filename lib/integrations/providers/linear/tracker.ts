// Linear's issues through @linear/sdk's LinearClient; the SDK's fetch is handed the integrations' guarded
// dispatcher (it passes its extra options on to fetch).
import { LinearClient, type LinearClientOptions } from '@linear/sdk';
import { AppError } from '@/lib/errors';
import type { Connection, TrackerClient } from '../../provider';
import { integrationDispatcher } from '../../outbound';
import { markdownBody } from '../../ticket-text';
import { stateOfType, type LinearConfig, type LinearProject, type LinearSecrets } from './urls';

type C = Connection<LinearConfig, LinearSecrets>;

const client = (c: C) =>
  new LinearClient({
    apiKey: c.secrets.apiKey,
    apiUrl: c.config.baseUrl,
    dispatcher: integrationDispatcher(),
  } as LinearClientOptions);

async function teamId(linear: LinearClient, team: string): Promise<string> {
  if (/^[0-9a-f-]{36}$/.test(team)) return team;
  const found = await linear.teams({ filter: { key: { eq: team.toUpperCase() } } });
  const id = found.nodes[0]?.id;
  if (!id) throw new AppError('BAD_REQUEST', `No Linear team has the key ${team}`);
  return id;
}

/** ENG-12, or the issue's URL (https://linear.app/<workspace>/issue/ENG-12/<title>). */
export function parseLinearReference(reference: string): string {
  const m = /^(?:https?:\/\/\S+\/issue\/)?([A-Za-z0-9]+-\d+)(?:\/\S*)?$/.exec(reference.trim());
  if (!m)
    throw new AppError('VALIDATION', 'Give the Linear issue as ENG-12 or its URL', [
      { path: ['reference'], message: 'Give the Linear issue as ENG-12 or its URL' },
    ]);
  return m[1].toUpperCase();
}

export const linearTracker: TrackerClient<LinearConfig, LinearSecrets, LinearProject> = {
  async createTicket({ connection, project, draft }) {
    const linear = client(connection);
    const payload = await linear.createIssue({
      teamId: await teamId(linear, project.team),
      title: draft.title,
      description: markdownBody(draft),
    });
    const issue = await payload.issue;
    if (!issue) throw new AppError('INTERNAL', 'Linear created no issue');
    return { externalId: issue.id, key: issue.identifier, url: issue.url, title: issue.title, state: 'open' };
  },
  async getTicket({ connection, reference }) {
    const issue = await client(connection).issue(parseLinearReference(reference));
    const state = await issue.state;
    return {
      externalId: issue.id,
      key: issue.identifier,
      url: issue.url,
      title: issue.title,
      state: stateOfType(state?.type),
    };
  },
  async setTicketState({ connection, ticket, state }) {
    const linear = client(connection);
    const issue = await linear.issue(ticket.externalId);
    // Closing: the team's first completed state. Reopening: its first unstarted one (To Do), else backlog.
    const types = state === 'closed' ? ['completed'] : ['unstarted', 'backlog'];
    const states = await linear.workflowStates({ filter: { team: { id: { eq: issue.teamId } }, type: { in: types } } });
    const target = types
      .map((t) => states.nodes.filter((s) => s.type === t).sort((a, b) => a.position - b.position)[0])
      .find(Boolean);
    if (!target) throw new AppError('BAD_REQUEST', `The team of ${ticket.key} has no ${types.join(' or ')} state`);
    await linear.updateIssue(issue.id, { stateId: target.id });
  },
};
