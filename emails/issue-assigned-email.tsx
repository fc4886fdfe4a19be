import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

export type IssueAssignedEmailProps = {
  assignerName: string;
  issueTitle: string;
  projectName: string;
  issueUrl: string;
  /** Assigned to a team the recipient is in (#49), not to them alone. */
  teamName?: string | null;
  /** Why an automatic assignment was made: the ownership rule, the CODEOWNERS line or the suspect commit. */
  reason?: string | null;
};

export default function IssueAssignedEmail({
  assignerName,
  issueTitle,
  projectName,
  issueUrl,
  teamName = null,
  reason = null,
}: IssueAssignedEmailProps) {
  const whom = teamName ? `your team ${teamName}` : 'you';
  return (
    <EmailLayout
      preview={`${assignerName} assigned ${whom}: ${issueTitle}`}
      heading={teamName ? `An issue was assigned to ${teamName}` : 'An issue was assigned to you'}
    >
      <Text>
        {assignerName} assigned {whom} an issue in {projectName}:
      </Text>
      <Text style={{ fontFamily: 'ui-monospace, monospace' }}>{issueTitle}</Text>
      {reason ? <Text>Why: {reason}</Text> : null}
      <Button
        href={issueUrl}
        style={{ backgroundColor: '#111827', color: '#ffffff', padding: '10px 16px', borderRadius: '6px' }}
      >
        Open the issue
      </Button>
    </EmailLayout>
  );
}
