import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

export type InviteEmailProps = { inviterName: string; orgName: string; role: string; url: string };

export default function InviteEmail({ inviterName, orgName, role, url }: InviteEmailProps) {
  return (
    <EmailLayout preview={`${inviterName} invited you to ${orgName}`} heading={`Join ${orgName} on Tracker`}>
      <Text>
        {inviterName} invited you to join {orgName} as {role.toLowerCase()}.
      </Text>
      <Button
        href={url}
        style={{ backgroundColor: '#111827', color: '#ffffff', padding: '10px 16px', borderRadius: '6px' }}
      >
        Accept the invite
      </Button>
      <Text>Or open this link: {url}</Text>
      <Text style={{ color: '#6b7280' }}>
        The link works once and expires in 7 days. If you did not expect it, ignore this email.
      </Text>
    </EmailLayout>
  );
}
