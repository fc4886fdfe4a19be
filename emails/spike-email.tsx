import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

export type SpikeEmailProps = {
  projectName: string;
  capPerMinute: number;
  baselinePerMinute: number;
  statsUrl: string;
};

export default function SpikeEmail({ projectName, capPerMinute, baselinePerMinute, statsUrl }: SpikeEmailProps) {
  return (
    <EmailLayout
      preview={`Spike protection is dropping events of ${projectName}`}
      heading={`Spike protection: ${projectName}`}
    >
      <Text>
        {projectName} is sending errors faster than {capPerMinute.toLocaleString('en-US')} a minute, well above its
        usual {baselinePerMinute.toLocaleString('en-US')} a minute over the last day. To protect your
        organization&rsquo;s monthly quota, events above that rate are dropped until the spike passes.
      </Text>
      <Text style={{ color: '#6b7280' }}>
        The Stats page counts what was dropped (rate limited, spike protection). You will hear from us at most once an
        hour about this project.
      </Text>
      <Button
        href={statsUrl}
        style={{ backgroundColor: '#111827', color: '#ffffff', padding: '10px 16px', borderRadius: '6px' }}
      >
        Open the Stats page
      </Button>
      <Text style={{ color: '#6b7280', fontSize: '12px' }}>{statsUrl}</Text>
    </EmailLayout>
  );
}
