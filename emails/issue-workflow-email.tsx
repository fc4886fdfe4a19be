import { Text } from '@react-email/text';
import { EmailLayout } from './layout';
import { IssueSummary, type IssueSummaryProps } from './issue-summary';

/** A workflow notification (#49): an issue one takes part in was commented on, regressed, resolved, or is new. */
export type IssueWorkflowEmailProps = IssueSummaryProps & {
  projectName: string;
  heading: string;
  /** The comment, the release it waits for, who did it. */
  detail: string | null;
};

export default function IssueWorkflowEmail({ projectName, heading, detail, ...issue }: IssueWorkflowEmailProps) {
  return (
    <EmailLayout preview={`${heading}: ${issue.title}`} heading={heading}>
      <Text>In {projectName}:</Text>
      {detail ? <Text style={{ whiteSpace: 'pre-wrap' }}>{detail}</Text> : null}
      <IssueSummary {...issue} />
      <Text style={{ color: '#6b7280', fontSize: '12px' }}>
        Choose what reaches you under Settings, Account, Notifications.
      </Text>
    </EmailLayout>
  );
}
