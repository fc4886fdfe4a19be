import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

export type PasswordResetEmailProps = { name: string; url: string };

export default function PasswordResetEmail({ name, url }: PasswordResetEmailProps) {
  return (
    <EmailLayout preview="Choose a new password" heading="Reset your password">
      <Text>Hi {name},</Text>
      <Text>
        Someone asked to reset the password of your Tracker account. The link works once and expires in one hour.
      </Text>
      <Button
        href={url}
        style={{ background: '#4f46e5', color: '#ffffff', padding: '10px 16px', borderRadius: '6px', fontWeight: 600 }}
      >
        Choose a new password
      </Button>
      <Text style={{ color: '#6b7280', wordBreak: 'break-all' }}>{url}</Text>
      <Text style={{ color: '#6b7280' }}>
        If you did not ask for this, ignore this email: your password stays as it is.
      </Text>
    </EmailLayout>
  );
}
