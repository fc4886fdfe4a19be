// Jira's issues through jira.js: Version3Client (REST API 3, Atlassian Document Format) for Jira Cloud,
// Version2Client (REST API 2, wiki markup) for Jira Data Center. jira.js calls through axios, whose fetch adapter is
// handed the integrations' guarded dispatcher.
import { Version2, Version3 } from 'jira.js';
import { AppError } from '@/lib/errors';
import type { Connection, Ticket, TicketDraft, TrackerClient } from '../../provider';
import { integrationDispatcher } from '../../outbound';
import { frameLine } from '../../ticket-text';
import { jiraIssueUrl, stateOfCategory, type JiraConfig, type JiraProject, type JiraSecrets } from './urls';

type C = Connection<JiraConfig, JiraSecrets>;

const requestConfig = () => ({
  adapter: 'fetch',
  fetchOptions: { dispatcher: integrationDispatcher() },
  timeout: 20_000,
});

const cloudClient = (c: C) =>
  new Version3.Version3Client({
    host: c.config.baseUrl,
    authentication: { basic: { email: c.config.email ?? '', apiToken: c.secrets.apiToken } },
    baseRequestConfig: requestConfig(),
  });

// A Data Center personal access token is a bearer token, what jira.js sends for an OAuth 2.0 access token.
const dataCenterClient = (c: C) =>
  new Version2.Version2Client({
    host: c.config.baseUrl,
    authentication: { oauth2: { accessToken: c.secrets.apiToken } },
    baseRequestConfig: requestConfig(),
  });

/** Reading an issue and moving it: the same calls in both API versions (only the path's version differs). */
const issuesApi = (c: C) =>
  (c.config.deployment === 'cloud' ? cloudClient(c) : dataCenterClient(c)).issues as Version3.Version3Client['issues'];

const facts = (d: TicketDraft): [string, string][] => [
  ['Project', d.project],
  ['Level', d.level.toLowerCase()],
  ...(d.culprit ? ([['Culprit', d.culprit]] as [string, string][]) : []),
  ['Events', String(d.eventCount)],
  ['Users', String(d.userCount)],
  ['First seen', d.firstSeen],
  ['Last seen', d.lastSeen],
];

const text = (t: string, marks?: object[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });

/** The draft in Atlassian Document Format (Jira Cloud's REST API 3). */
export function adfDescription(d: TicketDraft): Version3.Version3Models.Document {
  const content: object[] = [
    {
      type: 'paragraph',
      content: [text(d.title, [{ type: 'link', attrs: { href: d.issueUrl } }]), text(' in Tracker')],
    },
    {
      type: 'bulletList',
      content: facts(d).map(([k, v]) => ({
        type: 'listItem',
        content: [{ type: 'paragraph', content: [text(`${k}: `, [{ type: 'strong' }]), text(v)] }],
      })),
    },
  ];
  if (d.frames.length)
    content.push(
      { type: 'paragraph', content: [text('Top frames (innermost first)', [{ type: 'strong' }])] },
      { type: 'codeBlock', content: [text(d.frames.map(frameLine).join('\n'))] },
    );
  return { type: 'doc', version: 1, content } as Version3.Version3Models.Document;
}

/** The draft in wiki markup (Jira Data Center's REST API 2). */
export function wikiDescription(d: TicketDraft): string {
  const esc = (s: string) => s.replace(/[[\]{}|*_]/g, (c) => `\\${c}`);
  const lines = [`[${esc(d.title)}|${d.issueUrl}] in Tracker`, '', ...facts(d).map(([k, v]) => `* *${k}:* ${esc(v)}`)];
  if (d.frames.length)
    lines.push('', '*Top frames* (innermost first)', '{noformat}', ...d.frames.map(frameLine), '{noformat}');
  return lines.join('\n');
}

/** PROJ-7, or the issue's URL (…/browse/PROJ-7). */
export function parseJiraReference(reference: string): string {
  const m = /^(?:https?:\/\/\S+\/browse\/)?([A-Z][A-Z0-9_]*-\d+)\/?(?:[?#].*)?$/.exec(reference.trim());
  if (!m)
    throw new AppError('VALIDATION', 'Give the Jira issue as PROJ-7 or its URL', [
      { path: ['reference'], message: 'Give the Jira issue as PROJ-7 or its URL' },
    ]);
  return m[1];
}

type IssueData = {
  id: string;
  key: string;
  fields?: { summary?: string; status?: { statusCategory?: { key?: string } } };
};

export const jiraTracker: TrackerClient<JiraConfig, JiraSecrets, JiraProject> = {
  async createTicket({ connection, project, draft }) {
    const fields = {
      project: { key: project.projectKey },
      issuetype: { name: project.issueType },
      summary: draft.title.slice(0, 255),
    };
    const created =
      connection.config.deployment === 'cloud'
        ? await cloudClient(connection).issues.createIssue({
            fields: { ...fields, description: adfDescription(draft) },
          })
        : await dataCenterClient(connection).issues.createIssue({
            fields: { ...fields, description: wikiDescription(draft) },
          });
    return {
      externalId: String(created.id),
      key: created.key,
      url: jiraIssueUrl(connection.config, created.key),
      title: fields.summary,
      state: 'open',
    };
  },
  async getTicket({ connection, reference }) {
    const key = parseJiraReference(reference);
    const issue = (await issuesApi(connection).getIssue({
      issueIdOrKey: key,
      fields: ['summary', 'status'],
    })) as IssueData;
    const ticket: Ticket = {
      externalId: String(issue.id),
      key: issue.key,
      url: jiraIssueUrl(connection.config, issue.key),
      title: issue.fields?.summary ?? issue.key,
      state: stateOfCategory(issue.fields?.status?.statusCategory?.key),
    };
    return ticket;
  },
  async setTicketState({ connection, ticket, state }) {
    const api = issuesApi(connection);
    const { transitions = [] } = await api.getTransitions({ issueIdOrKey: ticket.externalId });
    const category = (t: (typeof transitions)[number]) => t.to?.statusCategory?.key;
    // Closing: the first transition into a done status. Reopening: into To Do, else any status not done.
    const pick =
      state === 'closed'
        ? transitions.find((t) => category(t) === 'done')
        : (transitions.find((t) => category(t) === 'new') ?? transitions.find((t) => category(t) !== 'done'));
    if (!pick?.id)
      throw new AppError(
        'BAD_REQUEST',
        `${ticket.key} has no transition to a ${state === 'closed' ? 'done' : 'not-done'} status for this account`,
      );
    await api.doTransition({ issueIdOrKey: ticket.externalId, transition: { id: pick.id } });
  },
};
