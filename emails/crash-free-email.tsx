import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

import type { CrashFreeWebhookBody } from '@/lib/alerts/webhook-bodies';

/** The webhook's fields and the rule's name. */
export type CrashFreeEmailProps = Omit<CrashFreeWebhookBody, 'type'> & { ruleName: string };

export default function CrashFreeEmail(p: CrashFreeEmailProps) {
  const heading =
    p.state === 'breached'
      ? `Crash-free ${p.metric} below ${p.below} % in ${p.projectName}`
      : `Crash-free ${p.metric} recovered in ${p.projectName}`;
  return (
    <EmailLayout preview={`${p.release}: ${p.crashFreeRate.toFixed(2)} % crash-free ${p.metric}`} heading={heading}>
      <Text>
        {p.state === 'breached'
          ? `Release ${p.release} has ${p.crashFreeRate.toFixed(2)} % crash-free ${p.metric} over the last ${p.windowMinutes} minutes (${p.sessions} sessions), below the ${p.below} % set by the rule “${p.ruleName}”.`
          : `Every release is back at or above ${p.below} % crash-free ${p.metric} (the worst, ${p.release}, has ${p.crashFreeRate.toFixed(2)} %). The rule “${p.ruleName}” fires again on the next breach.`}
      </Text>
      <Button
        href={p.releasesUrl}
        style={{ backgroundColor: '#111827', color: '#ffffff', padding: '10px 16px', borderRadius: '6px' }}
      >
        Open the releases
      </Button>
      <Text style={{ color: '#6b7280', fontSize: '12px' }}>{p.releasesUrl}</Text>
    </EmailLayout>
  );
}
