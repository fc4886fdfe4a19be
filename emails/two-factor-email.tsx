import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

export type TwoFactorEmailProps = { name: string; change: 'added' | 'removed'; factor: string; url: string };

/** Sent to the person whenever a second factor is added to or removed from their account (#48). */
export default function TwoFactorEmail({ name, change, factor, url }: TwoFactorEmailProps) {
  const heading = change === 'added' ? 'A second factor was added' : 'A second factor was removed';
  return (
    <EmailLayout preview={heading} heading={heading}>
      <Text>Hi {name},</Text>
      <Text>
        {change === 'added'
          ? `${factor} was added to your Tracker account: signing in now asks for it after your password.`
          : `${factor} was removed from your Tracker account.`}
      </Text>
      <Button
        href={url}
        style={{ background: '#4f46e5', color: '#ffffff', padding: '10px 16px', borderRadius: '6px', fontWeight: 600 }}
      >
        Review your account security
      </Button>
      <Text style={{ color: '#6b7280' }}>
        If this was not you, change your password and review your second factors at once.
      </Text>
    </EmailLayout>
  );
}
