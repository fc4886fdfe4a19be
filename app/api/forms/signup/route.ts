import { assertSignupAllowed } from '@/lib/auth/instance-rules';
import { formPage, formRoute } from '@/lib/http/form-route';
import { registerFormSchema } from '@/lib/zod/forms';
import { registerUser } from '@/lib/auth/accounts';
import { clientAddress } from '@/lib/auth/client-address';

// Sign-up without the page's script (#58): as POST /api/v1/auth/register, then on to the passcode page.
export const POST = formRoute(
  { form: 'signup', auth: 'none', body: registerFormSchema, back: (f) => formPage('/signup', { next: f.next }) },
  async ({ req, body }) => {
    assertSignupAllowed(body.email);
    await registerUser(body, clientAddress(req));
    return { redirect: formPage('/verify', body) };
  },
);
