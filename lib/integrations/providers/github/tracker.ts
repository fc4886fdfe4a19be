// GitHub's issues through Octokit (@octokit/rest), authenticated by a token or as a GitHub App installation
// (@octokit/auth-app), every request through the integrations' guarded dispatcher.
import { Octokit } from '@octokit/rest';
import { createAppAuth } from '@octokit/auth-app';
import { AppError } from '@/lib/errors';
import type { Connection, Ticket, TrackerClient } from '../../provider';
import { integrationFetch } from '../../outbound';
import { markdownBody } from '../../ticket-text';
import { githubApiUrl, type GithubConfig, type GithubProject, type GithubSecrets } from './urls';

type C = Connection<GithubConfig, GithubSecrets>;
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

function octokit(c: C): Octokit {
  const common = {
    baseUrl: githubApiUrl(c.config),
    userAgent: 'Tracker-Integrations/1',
    log: quiet,
    request: { fetch: integrationFetch, retries: 0 },
  };
  if (c.config.auth === 'app')
    return new Octokit({
      ...common,
      authStrategy: createAppAuth,
      auth: {
        appId: Number(c.config.appId),
        privateKey: c.secrets.privateKey ?? '',
        installationId: Number(c.config.installationId),
      },
    });
  return new Octokit({ ...common, auth: c.secrets.token });
}

type IssueData = { id: number; number: number; html_url: string; title: string; state: string };

function ticketOf(repository: string, d: IssueData): Ticket {
  return {
    externalId: String(d.id),
    key: `${repository}#${d.number}`,
    url: d.html_url,
    title: d.title,
    state: d.state === 'closed' ? 'closed' : 'open',
  };
}

/** owner/repo#12, #12 or 12 (in the project's repository), or the issue's URL. */
export function parseGithubReference(reference: string, repository: string): { repository: string; number: number } {
  const r = reference.trim();
  const url = /^https?:\/\/[^/]+\/(?:[^/]+\/)*?([^/\s]+\/[^/\s]+)\/issues\/(\d+)\/?(?:[?#].*)?$/.exec(r);
  const keyed = /^([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)#(\d+)$/.exec(r);
  const bare = /^#?(\d+)$/.exec(r);
  const found = url ? [url[1], url[2]] : keyed ? [keyed[1], keyed[2]] : bare ? [repository, bare[1]] : null;
  if (!found || Number(found[1]) < 1)
    throw new AppError('VALIDATION', 'Give the GitHub issue as owner/repo#12, #12 or its URL', [
      { path: ['reference'], message: 'Give the GitHub issue as owner/repo#12, #12 or its URL' },
    ]);
  return { repository: found[0], number: Number(found[1]) };
}

const split = (repository: string) => {
  const [owner, repo] = repository.split('/');
  return { owner, repo };
};

export const githubTracker: TrackerClient<GithubConfig, GithubSecrets, GithubProject> = {
  async createTicket({ connection, project, draft }) {
    const { data } = await octokit(connection).rest.issues.create({
      ...split(project.repository),
      title: draft.title,
      body: markdownBody(draft),
    });
    return ticketOf(project.repository, data);
  },
  async getTicket({ connection, project, reference }) {
    const ref = parseGithubReference(reference, project?.repository ?? '');
    const { data } = await octokit(connection).rest.issues.get({ ...split(ref.repository), issue_number: ref.number });
    return ticketOf(ref.repository, data);
  },
  async setTicketState({ connection, ticket, state }) {
    const ref = parseGithubReference(ticket.key, '');
    await octokit(connection).rest.issues.update({
      ...split(ref.repository),
      issue_number: ref.number,
      state,
      state_reason: state === 'closed' ? 'completed' : 'reopened',
    });
  },
};
