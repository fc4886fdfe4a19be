import { Button, Section, Text } from '@react-email/components';
import { EmailLayout } from './layout';

export type NewIssueEmailProps = { projectName: string; title: string; level: string; culprit: string | null; issueUrl: string };

export default function NewIssueEmail({ projectName, title, level, culprit, issueUrl }: NewIssueEmailProps) {
  return (
    <EmailLayout preview={`New issue in ${projectName}: ${title}`} heading={`New issue in ${projectName}`}>
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
