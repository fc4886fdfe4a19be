import { route } from '@/lib/http/route';
import { startTotpEnrolment } from '@/lib/auth/two-factor/totp';

// Starts authenticator app enrolment: the secret, its otpauth:// URI and a QR code of it, until a first code confirms.
export const POST = route({ auth: 'session' }, async ({ session }) => {
  return {
    message: 'Scan the QR code, then enter the code your app shows',
    data: await startTotpEnrolment(session.user),
  };
});
