// PagerDuty's Events API v2 through @pagerduty/pdjs's `event` (#64). pdjs fetches with node-fetch, not our
// dispatcher: its agent resolves names through the same guard, a literal address is checked first, and the
// exchange is noted for the delivery log by hand.
import https from 'node:https';
import { event } from '@pagerduty/pdjs';
import { guardedLookup, noteExchange, RefusedAddress, refusedUrl, type Exchange } from '../../outbound';
import type { AlertMessage, Connection, NotifierClient } from '../../provider';
import type { PagerDutyConfig, PagerDutySecrets } from './types';

type Severity = 'critical' | 'error' | 'warning' | 'info';
const severityOf = (levelName: string, level = levelName.toLowerCase()): Severity =>
  level === 'fatal' || level === 'critical'
    ? 'critical'
    : level === 'error'
      ? 'error'
      : level === 'warning'
        ? 'warning'
        : 'info';

/** A metric incident's facts (#62) instead of an issue's counts. */
const metricDetails = (m: NonNullable<AlertMessage['metric']>) => ({
  rule: m.ruleName,
  aggregate: m.aggregate,
  dataset: m.dataset,
  filter: m.filter,
  group: m.group,
  value: m.value,
  threshold: m.threshold,
  direction: m.direction,
  window_minutes: m.windowMinutes,
});

const agent = new https.Agent({ lookup: guardedLookup, keepAlive: false });

export const pagerdutyServer = (c: PagerDutyConfig) =>
  c.server ?? (c.region === 'eu' ? 'events.eu.pagerduty.com' : 'events.pagerduty.com');

async function send(c: Connection<PagerDutyConfig, PagerDutySecrets>, a: AlertMessage, action: 'trigger' | 'resolve') {
  const server = pagerdutyServer(c.config);
  const data = {
    routing_key: c.secrets.routingKey,
    event_action: action,
    dedup_key: a.dedupKey,
    payload: {
      summary: `${a.heading}: ${a.title}`.slice(0, 1024),
      source: a.project,
      severity: severityOf(a.level),
      component: a.culprit ?? undefined,
      custom_details: a.metric
        ? metricDetails(a.metric)
        : { culprit: a.culprit, events: a.eventCount, users: a.userCount, first_seen: a.firstSeen },
    },
    links: [{ href: a.issueUrl, text: a.metric ? 'Open the Alerts page' : 'Open the issue' }],
  };
  // What the log keeps: never the routing key.
  const exchange: Exchange = {
    method: 'POST',
    path: '/v2/enqueue',
    body: { ...data, routing_key: '(sealed)' },
    status: null,
  };
  noteExchange(exchange);
  const refused = refusedUrl(`https://${server}`);
  if (refused) {
    exchange.error = refused;
    throw new RefusedAddress(refused);
  }
  const res = await event({ server, data, agent, retryTimeout: 1000, requestTimeout: 20_000 } as never);
  exchange.status = res.status;
  if (!res.ok) throw new Error(JSON.stringify(res.data ?? {}).slice(0, 300));
}

export const pagerdutyNotifier: NotifierClient<PagerDutyConfig, PagerDutySecrets, never> = {
  async alert({ connection, alert }) {
    await send(connection, alert, 'trigger');
    return alert.dedupKey;
  },
  async resolve({ connection, alert }) {
    await send(connection, alert, 'resolve');
  },
};
