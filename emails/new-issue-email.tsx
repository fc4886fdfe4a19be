import { EmailLayout } from './layout';
import { IssueSummary, type IssueSummaryProps } from './issue-summary';

export type NewIssueEmailProps = IssueSummaryProps & { projectName: string };

export default function NewIssueEmail({ projectName, ...issue }: NewIssueEmailProps) {
  return (
    <EmailLayout preview={`New issue in ${projectName}: ${issue.title}`} heading={`New issue in ${projectName}`}>
      <IssueSummary {...issue} />
    </EmailLayout>
  );
}
