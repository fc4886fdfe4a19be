import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

import { metricValueText, type MetricAlertWebhookBody } from '@/lib/alerts/webhook-bodies';

/** The webhook's fields (#62). */
export type MetricAlertEmailProps = Omit<MetricAlertWebhookBody, 'type'>;

export default function MetricAlertEmail(p: MetricAlertEmailProps) {
  const what = `${p.aggregate}${p.group ? ` (${p.group})` : ''}`;
  const heading =
    p.state === 'resolved'
      ? `Resolved: ${p.ruleName} in ${p.projectName}`
      : `${p.state === 'critical' ? 'Critical' : 'Warning'}: ${p.ruleName} in ${p.projectName}`;
  const change = p.comparison ? ` against the same window ${p.comparison === '1d' ? 'a day' : 'a week'} before` : '';
  return (
    <EmailLayout preview={`${what} = ${metricValueText(p)}`} heading={heading}>
      <Text>
        {p.state === 'resolved'
          ? `${what} of ${p.dataset} is ${metricValueText(p)} over the last ${p.windowMinutes} minutes${change}, back past the resolve threshold (${p.threshold}).`
          : `${what} of ${p.dataset} is ${metricValueText(p)} over the last ${p.windowMinutes} minutes${change}, ${p.direction} the ${p.state} threshold (${p.threshold}).`}
      </Text>
      {p.filter ? <Text style={{ color: '#6b7280' }}>Filter: {p.filter}</Text> : null}
      <Button
        href={p.alertsUrl}
        style={{ backgroundColor: '#111827', color: '#ffffff', padding: '10px 16px', borderRadius: '6px' }}
      >
        Open the alerts
      </Button>
      <Text style={{ color: '#6b7280', fontSize: '12px' }}>{p.alertsUrl}</Text>
    </EmailLayout>
  );
}
