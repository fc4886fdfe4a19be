import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

export type ErrorRateEmailProps = {
  projectName: string;
  ruleName: string;
  count: number;
  threshold: number;
  windowMinutes: number;
  issuesUrl: string;
};

export default function ErrorRateEmail({
  projectName,
  ruleName,
  count,
  threshold,
  windowMinutes,
  issuesUrl,
}: ErrorRateEmailProps) {
  const window = windowMinutes === 1 ? 'minute' : `${windowMinutes} minutes`;
  return (
    <EmailLayout
      preview={`${count} errors in the last ${window} in ${projectName}`}
      heading={`Error rate alert: ${projectName}`}
    >
      <Text>
        {count} error events arrived in the last {window}, reaching the threshold of {threshold} set by the rule “
        {ruleName}”.
      </Text>
      <Text style={{ color: '#6b7280' }}>This rule stays quiet for the next {window}.</Text>
      <Button
        href={issuesUrl}
        style={{ backgroundColor: '#111827', color: '#ffffff', padding: '10px 16px', borderRadius: '6px' }}
      >
        View the issues
      </Button>
      <Text style={{ color: '#6b7280', fontSize: '12px' }}>{issuesUrl}</Text>
    </EmailLayout>
  );
}
