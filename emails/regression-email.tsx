import { Button, Section, Text } from '@react-email/components';
import { EmailLayout } from './layout';

export type RegressionEmailProps = { projectName: string; title: string; level: string; culprit: string | null; issueUrl: string };

export default function RegressionEmail({ projectName, title, level, culprit, issueUrl }: RegressionEmailProps) {
  return (
    <EmailLayout preview={`Regression in ${projectName}: ${title}`} heading={`Regression in ${projectName}`}>
      <Text>An issue that was resolved received a new event and is unresolved again.</Text>
      <Text style={{ fontSize: '16px', fontWeight: 600, fontFamily: 'ui-monospace, monospace', wordBreak: 'break-word' }}>{title}</Text>
      <Section>
        <Text style={{ margin: '0 0 4px' }}>Level: {level}</Text>
        <Text style={{ margin: '0 0 16px' }}>Culprit: {culprit ?? 'unknown'}</Text>
      </Section>
      <Button href={issueUrl} style={{ backgroundColor: '#111827', color: '#ffffff', padding: '10px 16px', borderRadius: '6px' }}>
        View the issue
      </Button>
      <Text style={{ color: '#6b7280', fontSize: '12px' }}>{issueUrl}</Text>
    </EmailLayout>
  );
}
