import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

import type { MonitorWebhookBody } from '@/lib/alerts/webhook-bodies';

/** The webhook's fields and the rule's name. */
export type MonitorEmailProps = Omit<MonitorWebhookBody, 'type'> & { ruleName: string };

export default function MonitorEmail(p: MonitorEmailProps) {
  const failing = p.state === 'failing';
  const heading = failing
    ? `Monitor ${p.monitor} is failing in ${p.projectName}`
    : `Monitor ${p.monitor} recovered in ${p.projectName}`;
  const url = p.issueUrl ?? p.monitorsUrl;
  return (
    <EmailLayout preview={failing ? `${p.monitor}: ${p.status}` : `${p.monitor} is OK again`} heading={heading}>
      <Text>
        {failing
          ? `The ${p.kind === 'uptime' ? 'uptime check' : 'cron monitor'} ${p.monitor} has ${p.failures} failed ${p.failures === 1 ? 'run' : 'runs'} in a row (last: ${p.status}${p.detail ? `, ${p.detail}` : ''}). The rule “${p.ruleName}” tells you once per incident; it writes again when the monitor recovers.`
          : `The ${p.kind === 'uptime' ? 'uptime check' : 'cron monitor'} ${p.monitor} is running fine again, and its issue is resolved. The rule “${p.ruleName}” fires again on its next incident.`}
      </Text>
      <Button
        href={url}
        style={{ backgroundColor: '#111827', color: '#ffffff', padding: '10px 16px', borderRadius: '6px' }}
      >
        {p.issueUrl ? 'Open the issue' : 'Open the monitors'}
      </Button>
      <Text style={{ color: '#6b7280', fontSize: '12px' }}>{url}</Text>
    </EmailLayout>
  );
}
