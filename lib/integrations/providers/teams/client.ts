// A Teams alert (#64): an Adaptive Card 1.4 in the message envelope Workflows webhooks take
// (https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using).
import { integrationFetch } from '../../outbound';
import type { AlertMessage, NotifierClient } from '../../provider';
import type { TeamsSecrets } from './types';

/** A metric alert incident's facts (#62) instead of an issue's counts. */
const metricFacts = (m: AlertMessage, metric: NonNullable<AlertMessage['metric']>) => [
  { title: 'Project', value: m.project },
  { title: 'Level', value: metric.state },
  { title: 'Aggregate', value: `${metric.dataset} ${metric.aggregate}` },
  { title: 'Value', value: String(metric.value) },
  { title: 'Threshold', value: `${metric.direction} ${metric.threshold}` },
  { title: 'Window', value: `${metric.windowMinutes} min` },
];

export function adaptiveCard(m: AlertMessage) {
  const frame = m.frames[0];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', size: 'Medium', weight: 'Bolder', text: m.heading, wrap: true },
            { type: 'TextBlock', text: m.title, wrap: true, color: 'Attention' },
            ...(m.culprit ? [{ type: 'TextBlock', text: m.culprit, wrap: true, isSubtle: true }] : []),
            {
              type: 'FactSet',
              facts: m.metric
                ? metricFacts(m, m.metric)
                : [
                    { title: 'Project', value: m.project },
                    { title: 'Level', value: m.level },
                    { title: 'Events', value: String(m.eventCount) },
                    { title: 'Users', value: String(m.userCount) },
                    ...(frame
                      ? [
                          {
                            title: 'Top frame',
                            value: `${frame.function ?? '?'} in ${frame.filename}:${frame.lineno ?? '?'}`,
                          },
                        ]
                      : []),
                  ],
            },
          ],
          actions: [
            { type: 'Action.OpenUrl', title: m.metric ? 'Open the Alerts page' : 'Open the issue', url: m.issueUrl },
          ],
        },
      },
    ],
  };
}

export const teamsNotifier: NotifierClient<Record<string, never>, TeamsSecrets, never> = {
  async alert({ connection, alert }) {
    const res = await integrationFetch(connection.secrets.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(adaptiveCard(alert)),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(text.slice(0, 300) || res.statusText);
    return null;
  },
};
