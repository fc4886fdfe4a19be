// GitLab (#64): issues in a project per project, closed and reopened both ways through the project's webhook (its
// secret token in X-Gitlab-Token), and links to files and commits. A personal, group or project access token (api
// scope); a self-managed GitLab by its base URL.
import { z } from 'zod';
import type { IntegrationProvider } from '../../provider';
import { isRecord, jsonObject, missing, safeEqual, wrong } from '../../signatures';
import { baseUrlField, optionalBaseUrl, repositoryPath, requiredSecret, webhookSecretField } from '../fields';
import { refPath } from '../github/urls';
import { gitlabWebUrl, type GitlabConfig, type GitlabProject, type GitlabSecrets } from './urls';

export const gitlab: IntegrationProvider<GitlabConfig, GitlabSecrets, GitlabProject> = {
  id: 'gitlab',
  name: 'GitLab',
  kind: 'tracker',
  fields: [
    baseUrlField('https://gitlab.com', 'A self-managed GitLab: its address, e.g. https://gitlab.example.com'),
    { name: 'token', label: 'Access token (api scope)', in: 'secrets', type: 'password', required: true },
    webhookSecretField('the "Secret token" of the project webhook ("Issues events")'),
  ],
  config: z.object({ baseUrl: optionalBaseUrl }),
  secrets: z.object({ token: requiredSecret('access token'), webhookSecret: requiredSecret('webhook secret') }),
  project: {
    schema: z.object({ project: repositoryPath('group/project') }),
    fields: [
      { name: 'project', label: 'Project', in: 'config', type: 'text', required: true, hint: 'group/project (path)' },
    ],
    describe: (p) => p.project,
  },
  webhook: {
    verify: (req, s) => {
      const token = req.headers.get('x-gitlab-token');
      if (!token) return missing('X-Gitlab-Token');
      return safeEqual(token, s.webhookSecret) ? { ok: true } : wrong('X-Gitlab-Token');
    },
    parse: (req) => {
      // Idempotency-Key stays the same across GitLab's retries of one delivery (GitLab 17.4+); older ones send only
      // the event's UUID.
      const deliveryId = req.headers.get('idempotency-key') ?? req.headers.get('x-gitlab-event-uuid');
      const body = jsonObject(req.body);
      if (body.object_kind !== 'issue')
        return { deliveryId, kind: 'ignored', reason: `${String(body.object_kind ?? 'unnamed')} event` };
      const attrs = body.object_attributes;
      if (!isRecord(attrs) || typeof attrs.id !== 'number') throw new SyntaxError('An issue event without its issue');
      if (attrs.action !== 'close' && attrs.action !== 'reopen')
        return { deliveryId, kind: 'ignored', reason: `issue ${String(attrs.action)}` };
      return {
        deliveryId,
        kind: 'ticket_state',
        externalId: String(attrs.id),
        state: attrs.action === 'close' ? 'closed' : 'open',
      };
    },
  },
  tracker: async () => (await import('./tracker')).gitlabTracker,
  code: {
    fileUrl: (c, at) =>
      `${gitlabWebUrl(c)}/${at.repository}/-/blob/${refPath(at.ref)}/${refPath(at.path)}${at.line ? `#L${at.line}` : ''}`,
    commitUrl: (c, at) => `${gitlabWebUrl(c)}/${at.repository}/-/commit/${encodeURIComponent(at.sha)}`,
  },
};
