import { Text } from '@react-email/text';
import { EmailLayout } from './layout';
import { IssueSummary, type IssueSummaryProps } from './issue-summary';

export type RegressionEmailProps = IssueSummaryProps & { projectName: string };

export default function RegressionEmail({ projectName, ...issue }: RegressionEmailProps) {
  return (
    <EmailLayout preview={`Regression in ${projectName}: ${issue.title}`} heading={`Regression in ${projectName}`}>
      <Text>An issue that was resolved received a new event and is unresolved again.</Text>
      <IssueSummary {...issue} />
    </EmailLayout>
  );
}
