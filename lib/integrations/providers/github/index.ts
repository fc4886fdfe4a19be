// GitHub (#64): issues in a repository per project, closed and reopened both ways through the repository's
// webhook (X-Hub-Signature-256), and links to files and commits. A personal or fine-grained token, or a GitHub App
// installation; GitHub Enterprise Server by its base URL.
import { z } from 'zod';
import type { IntegrationProvider } from '../../provider';
import { checkSha256Header, isRecord, jsonObject } from '../../signatures';
import { baseUrlField, optionalBaseUrl, repositoryPath, requiredSecret, webhookSecretField } from '../fields';
import { githubWebUrl, refPath, type GithubConfig, type GithubProject, type GithubSecrets } from './urls';

const config = z
  .object({
    baseUrl: optionalBaseUrl,
    auth: z.enum(['token', 'app'], { message: 'Choose a token or a GitHub App' }).default('token'),
    appId: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'The App ID is a number')
      .optional(),
    installationId: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'The installation ID is a number')
      .optional(),
  })
  .superRefine((c, ctx) => {
    if (c.auth !== 'app') return;
    if (!c.appId) ctx.addIssue({ code: 'custom', path: ['appId'], message: 'Give the GitHub App ID' });
    if (!c.installationId)
      ctx.addIssue({ code: 'custom', path: ['installationId'], message: "Give the App's installation ID" });
  })
  .transform((c): GithubConfig => (c.auth === 'app' ? c : { baseUrl: c.baseUrl, auth: 'token' }));

const secrets = z.object({
  token: requiredSecret('token').optional(),
  privateKey: z
    .string()
    .trim()
    .max(10_000)
    .regex(/^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/, 'Paste the PEM private key')
    .optional(),
  webhookSecret: requiredSecret('webhook secret'),
});

export const github: IntegrationProvider<GithubConfig, GithubSecrets, GithubProject> = {
  id: 'github',
  name: 'GitHub',
  kind: 'tracker',
  fields: [
    baseUrlField('https://github.com', 'GitHub Enterprise Server: its address, e.g. https://github.example.com'),
    {
      name: 'auth',
      label: 'Authenticate with',
      in: 'config',
      type: 'select',
      options: [
        { value: 'token', label: 'A token (issues: read and write)' },
        { value: 'app', label: 'A GitHub App installation' },
      ],
    },
    {
      name: 'token',
      label: 'Token',
      in: 'secrets',
      type: 'password',
      required: true,
      when: { field: 'auth', equals: 'token' },
    },
    {
      name: 'appId',
      label: 'App ID',
      in: 'config',
      type: 'text',
      required: true,
      when: { field: 'auth', equals: 'app' },
    },
    {
      name: 'installationId',
      label: 'Installation ID',
      in: 'config',
      type: 'text',
      required: true,
      when: { field: 'auth', equals: 'app' },
    },
    {
      name: 'privateKey',
      label: 'Private key (PEM)',
      in: 'secrets',
      type: 'textarea',
      required: true,
      when: { field: 'auth', equals: 'app' },
    },
    webhookSecretField('the secret of the repository webhook (content type application/json, "Issues" events)'),
  ],
  config,
  secrets,
  validate: (c, s) =>
    c.auth === 'app'
      ? s.privateKey
        ? []
        : [{ path: ['secrets', 'privateKey'], message: "Paste the App's private key" }]
      : s.token
        ? []
        : [{ path: ['secrets', 'token'], message: 'Give a token' }],
  project: {
    schema: z.object({ repository: repositoryPath('owner/name') }),
    fields: [
      { name: 'repository', label: 'Repository', in: 'config', type: 'text', required: true, hint: 'owner/name' },
    ],
    describe: (p) => p.repository,
  },
  webhook: {
    verify: (req, s) => checkSha256Header(req.headers.get('x-hub-signature-256'), s.webhookSecret, req.body),
    parse: (req) => {
      const deliveryId = req.headers.get('x-github-delivery');
      const event = req.headers.get('x-github-event');
      const body = jsonObject(req.body);
      if (event !== 'issues') return { deliveryId, kind: 'ignored', reason: `${event ?? 'unnamed'} event` };
      const issue = body.issue;
      if (!isRecord(issue) || typeof issue.id !== 'number') throw new SyntaxError('An issues event without its issue');
      if (body.action !== 'closed' && body.action !== 'reopened')
        return { deliveryId, kind: 'ignored', reason: `issues.${String(body.action)}` };
      return {
        deliveryId,
        kind: 'ticket_state',
        externalId: String(issue.id),
        state: body.action === 'closed' ? 'closed' : 'open',
      };
    },
  },
  tracker: async () => (await import('./tracker')).githubTracker,
  code: {
    fileUrl: (c, at) =>
      `${githubWebUrl(c)}/${at.repository}/blob/${refPath(at.ref)}/${refPath(at.path)}${at.line ? `#L${at.line}` : ''}`,
    commitUrl: (c, at) => `${githubWebUrl(c)}/${at.repository}/commit/${encodeURIComponent(at.sha)}`,
  },
};
