import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

export type IssueAssignedEmailProps = {
  assignerName: string;
  issueTitle: string;
  projectName: string;
  issueUrl: string;
};

export default function IssueAssignedEmail({
  assignerName,
  issueTitle,
  projectName,
  issueUrl,
}: IssueAssignedEmailProps) {
  return (
    <EmailLayout preview={`${assignerName} assigned you: ${issueTitle}`} heading="An issue was assigned to you">
      <Text>
        {assignerName} assigned you an issue in {projectName}:
      </Text>
      <Text style={{ fontFamily: 'ui-monospace, monospace' }}>{issueTitle}</Text>
      <Button
        href={issueUrl}
        style={{ backgroundColor: '#111827', color: '#ffffff', padding: '10px 16px', borderRadius: '6px' }}
      >
        Open the issue
      </Button>
    </EmailLayout>
  );
}
