// Opsgenie's Alert API (#64): create (POST /v2/alerts) and close by alias
// (POST /v2/alerts/{alias}/close?identifierType=alias), https://docs.opsgenie.com/docs/alert-api.
import { integrationFetch } from '../../outbound';
import type { AlertMessage, Connection, NotifierClient } from '../../provider';
import type { OpsgenieConfig, OpsgenieSecrets } from './types';

type C = Connection<OpsgenieConfig, OpsgenieSecrets>;

export const opsgenieBase = (c: OpsgenieConfig) =>
  c.baseUrl ?? (c.region === 'eu' ? 'https://api.eu.opsgenie.com' : 'https://api.opsgenie.com');

const priorityOf = (levelName: string, level = levelName.toLowerCase()) =>
  level === 'fatal' || level === 'critical' ? 'P1' : level === 'error' ? 'P2' : level === 'warning' ? 'P3' : 'P4';

async function post(c: C, path: string, body: unknown) {
  const res = await integrationFetch(`${opsgenieBase(c.config)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `GenieKey ${c.secrets.apiKey}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(text.slice(0, 300) || res.statusText);
}

const details = (a: AlertMessage) => ({
  project: a.project,
  ...(a.metric
    ? {
        rule: a.metric.ruleName,
        aggregate: a.metric.aggregate,
        value: String(a.metric.value),
        threshold: String(a.metric.threshold),
        window: `${a.metric.windowMinutes} min`,
      }
    : {}),
  culprit: a.culprit ?? '',
  events: String(a.eventCount),
  users: String(a.userCount),
  url: a.issueUrl,
});

export const opsgenieNotifier: NotifierClient<OpsgenieConfig, OpsgenieSecrets, never> = {
  async alert({ connection, alert }) {
    await post(connection, '/v2/alerts', {
      message: `${alert.title}`.slice(0, 130),
      alias: alert.dedupKey,
      description: `${alert.heading}\n${alert.culprit ?? ''}\n${alert.issueUrl}`.slice(0, 15000),
      source: 'Error tracker',
      entity: alert.project.slice(0, 512),
      priority: priorityOf(alert.level),
      details: details(alert),
    });
    return alert.dedupKey;
  },
  async resolve({ connection, alert }) {
    await post(connection, `/v2/alerts/${encodeURIComponent(alert.dedupKey)}/close?identifierType=alias`, {
      source: 'Error tracker',
      note: `Resolved: ${alert.issueUrl}`,
    });
  },
};
