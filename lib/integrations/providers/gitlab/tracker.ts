// GitLab's issues through @gitbeaker/rest, every request through the integrations' guarded dispatcher.
import { Issues } from '@gitbeaker/rest';
import { AppError } from '@/lib/errors';
import type { Connection, Ticket, TrackerClient } from '../../provider';
import { integrationDispatcher } from '../../outbound';
import { markdownBody } from '../../ticket-text';
import { gitlabWebUrl, type GitlabConfig, type GitlabProject, type GitlabSecrets } from './urls';

type C = Connection<GitlabConfig, GitlabSecrets>;

const issues = (c: C) =>
  new Issues({
    host: gitlabWebUrl(c.config),
    token: c.secrets.token, // gitbeaker types its agent as undici's Agent; it only hands it to fetch as the dispatcher.
    agent: integrationDispatcher() as never,
    queryTimeout: 20_000,
  });

type IssueData = {
  id: number;
  iid: number;
  title: string;
  state: string;
  web_url: string;
  references?: { full?: string };
};

function ticketOf(project: string, d: IssueData): Ticket {
  return {
    externalId: String(d.id),
    key: d.references?.full ?? `${project}#${d.iid}`,
    url: d.web_url,
    title: d.title,
    state: d.state === 'closed' ? 'closed' : 'open',
  };
}

/** group/project#3, #3 or 3 (in the project's GitLab project), or the issue's URL. */
export function parseGitlabReference(reference: string, project: string): { project: string; iid: number } {
  const r = reference.trim();
  const url = /^https?:\/\/[^/]+\/(.+?)\/-\/(?:issues|work_items)\/(\d+)\/?(?:[?#].*)?$/.exec(r);
  const keyed = /^([A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)+)#(\d+)$/.exec(r);
  const bare = /^#?(\d+)$/.exec(r);
  const found = url ? [url[1], url[2]] : keyed ? [keyed[1], keyed[2]] : bare ? [project, bare[1]] : null;
  if (!found || !found[0] || Number(found[1]) < 1)
    throw new AppError('VALIDATION', 'Give the GitLab issue as group/project#3, #3 or its URL', [
      { path: ['reference'], message: 'Give the GitLab issue as group/project#3, #3 or its URL' },
    ]);
  return { project: found[0], iid: Number(found[1]) };
}

export const gitlabTracker: TrackerClient<GitlabConfig, GitlabSecrets, GitlabProject> = {
  async createTicket({ connection, project, draft }) {
    const data = await issues(connection).create(project.project, draft.title, { description: markdownBody(draft) });
    return ticketOf(project.project, data as unknown as IssueData);
  },
  async getTicket({ connection, project, reference }) {
    const ref = parseGitlabReference(reference, project?.project ?? '');
    const data = await issues(connection).show(ref.iid, { projectId: ref.project });
    return ticketOf(ref.project, data as unknown as IssueData);
  },
  async setTicketState({ connection, ticket, state }) {
    const ref = parseGitlabReference(ticket.key, '');
    await issues(connection).edit(ref.project, ref.iid, { stateEvent: state === 'closed' ? 'close' : 'reopen' });
  },
};
