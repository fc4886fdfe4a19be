// Jira (#64), Cloud and Data Center: issues in a Jira project per project, moved to a done status and back through
// the issue's transitions, and a closed (done) issue there resolves ours through Jira's webhook. Jira Cloud signs
// admin webhooks that have a secret with `X-Hub-Signature: sha256=<HMAC-SHA256 of the body>` (Data Center 10 does the
// same); a Jira Data Center without webhook secrets calls a URL that carries the secret as its last segment.
import { z } from 'zod';
import type { IntegrationProvider } from '../../provider';
import { checkSha256Header, isRecord, jsonObject, safeEqual, wrong } from '../../signatures';
import { baseUrl, requiredSecret, webhookSecretField } from '../fields';
import { stateOfCategory, type JiraConfig, type JiraProject, type JiraSecrets } from './urls';

const config = z
  .object({
    baseUrl,
    deployment: z.enum(['cloud', 'datacenter'], { message: 'Choose Jira Cloud or Jira Data Center' }).default('cloud'),
    email: z.email({ message: 'Give the email of the Atlassian account the API token belongs to' }).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.deployment === 'cloud' && !c.email)
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'Give the email of the Atlassian account the API token belongs to',
      });
  })
  .transform((c): JiraConfig => (c.deployment === 'cloud' ? c : { baseUrl: c.baseUrl, deployment: 'datacenter' }));

export const jira: IntegrationProvider<JiraConfig, JiraSecrets, JiraProject> = {
  id: 'jira',
  name: 'Jira',
  kind: 'tracker',
  fields: [
    {
      name: 'baseUrl',
      label: 'Site URL',
      in: 'config',
      type: 'url',
      required: true,
      hint: 'https://your-team.atlassian.net, or your Jira Data Center address',
    },
    {
      name: 'deployment',
      label: 'Deployment',
      in: 'config',
      type: 'select',
      options: [
        { value: 'cloud', label: 'Jira Cloud (email and API token)' },
        { value: 'datacenter', label: 'Jira Data Center (personal access token)' },
      ],
    },
    {
      name: 'email',
      label: 'Account email',
      in: 'config',
      type: 'text',
      required: true,
      when: { field: 'deployment', equals: 'cloud' },
    },
    { name: 'apiToken', label: 'API token or personal access token', in: 'secrets', type: 'password', required: true },
    webhookSecretField('the Jira webhook ("Issue updated" events)'),
  ],
  config,
  secrets: z.object({ apiToken: requiredSecret('API token'), webhookSecret: requiredSecret('webhook secret') }),
  project: {
    schema: z.object({
      projectKey: z
        .string({ message: 'Give the Jira project key' })
        .trim()
        .regex(/^[A-Z][A-Z0-9_]{0,254}$/, 'A project key is capital letters and digits, e.g. OPS'),
      issueType: z.string().trim().min(1).max(100).default('Bug'),
    }),
    fields: [
      { name: 'projectKey', label: 'Project key', in: 'config', type: 'text', required: true, hint: 'e.g. OPS' },
      { name: 'issueType', label: 'Issue type', in: 'config', type: 'text', hint: 'Bug when empty' },
    ],
    describe: (p) => `${p.projectKey} (${p.issueType})`,
  },
  webhook: {
    verify: (req, s) => {
      if (req.urlToken !== null) return safeEqual(req.urlToken, s.webhookSecret) ? { ok: true } : wrong('secret');
      return checkSha256Header(req.headers.get('x-hub-signature'), s.webhookSecret, req.body);
    },
    parse: (req) => {
      const deliveryId = req.headers.get('x-atlassian-webhook-identifier');
      const body = jsonObject(req.body);
      if (body.webhookEvent !== 'jira:issue_updated')
        return { deliveryId, kind: 'ignored', reason: `${String(body.webhookEvent ?? 'unnamed')} event` };
      const issue = body.issue;
      if (!isRecord(issue) || (typeof issue.id !== 'string' && typeof issue.id !== 'number'))
        throw new SyntaxError('An issue event without its issue');
      const items = isRecord(body.changelog) && Array.isArray(body.changelog.items) ? body.changelog.items : [];
      if (!items.some((i) => isRecord(i) && i.field === 'status'))
        return { deliveryId, kind: 'ignored', reason: 'no status change' };
      const fields = isRecord(issue.fields) ? issue.fields : {};
      const status = isRecord(fields.status) ? fields.status : {};
      const category = isRecord(status.statusCategory) ? status.statusCategory.key : undefined;
      return { deliveryId, kind: 'ticket_state', externalId: String(issue.id), state: stateOfCategory(category) };
    },
  },
  tracker: async () => (await import('./tracker')).jiraTracker,
};
