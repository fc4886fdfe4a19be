import { assertPasswordSignIn } from '@/lib/auth/instance-rules';
import { formPage, formRoute } from '@/lib/http/form-route';
import { verifyFormSchema } from '@/lib/zod/forms';
import { verifyEmail } from '@/lib/auth/accounts';
import { afterSignIn } from '@/lib/auth/safe-next';
import { signInClient } from '@/lib/auth/client-address';

// The passcode form without the page's script (#58): as POST /api/v1/auth/verify-otp, which signs the person in.
export const POST = formRoute(
  { form: 'verify', auth: 'none', body: verifyFormSchema, back: (f) => formPage('/verify', f) },
  async ({ req, body, setCookie }) => {
    assertPasswordSignIn();
    const { cookie, secondFactor } = await verifyEmail(body.email, body.otp, signInClient(req));
    setCookie(cookie);
    return { redirect: afterSignIn(body.next, secondFactor !== null) };
  },
);
