import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

export type OtpEmailProps = { name: string; otp: string };

export default function OtpEmail({ name, otp }: OtpEmailProps) {
  return (
    <EmailLayout preview={`Your passcode is ${otp}`} heading="Confirm your email">
      <Text>Hi {name},</Text>
      <Text>Enter this passcode to verify your email address. It expires in 10 minutes.</Text>
      <Text style={{ fontSize: '28px', fontWeight: 700, letterSpacing: '6px', fontFamily: 'ui-monospace, monospace' }}>
        {otp}
      </Text>
      <Text style={{ color: '#6b7280' }}>If you did not sign up, you can ignore this email.</Text>
    </EmailLayout>
  );
}
