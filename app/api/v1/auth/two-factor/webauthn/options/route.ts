import { route } from '@/lib/http/route';
import { registrationOptions } from '@/lib/auth/two-factor/webauthn';

// Options for navigator.credentials.create: registering a security key or passkey.
export const POST = route({ auth: 'session' }, async ({ session }) => {
  return { message: 'Success', data: await registrationOptions(session.user) };
});
