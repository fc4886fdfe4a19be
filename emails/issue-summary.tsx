import { Button } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

export type IssueSummaryProps = { title: string; level: string; culprit: string | null; issueUrl: string };

/** The issue an alert email is about: its title, level and culprit, and the way to it. */
export function IssueSummary({ title, level, culprit, issueUrl }: IssueSummaryProps) {
  return (
    <>
      <Text
        style={{ fontSize: '16px', fontWeight: 600, fontFamily: 'ui-monospace, monospace', wordBreak: 'break-word' }}
      >
        {title}
      </Text>
      <Section>
        <Text style={{ margin: '0 0 4px' }}>Level: {level}</Text>
        <Text style={{ margin: '0 0 16px' }}>Culprit: {culprit ?? 'unknown'}</Text>
      </Section>
      <Button
        href={issueUrl}
        style={{ backgroundColor: '#111827', color: '#ffffff', padding: '10px 16px', borderRadius: '6px' }}
      >
        View the issue
      </Button>
      <Text style={{ color: '#6b7280', fontSize: '12px' }}>{issueUrl}</Text>
    </>
  );
}
