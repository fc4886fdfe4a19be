import { formRoute } from '@/lib/http/form-route';
import { withQuery } from '@/lib/auth/safe-next';
import { decideConsent } from '@/lib/oauth/consent';
import { consentFormSchema } from '@/lib/zod/oauth';

const REQUEST_FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'state',
  'scope',
  'resource',
];

// The OAuth consent page's form (#63): it posts here, script or not, and the browser is sent on to the client with
// a code (or access_denied); refused, back to the consent page for the same request.
export const POST = formRoute(
  {
    form: 'oauth-consent',
    auth: 'session',
    body: consentFormSchema,
    back: (f) =>
      withQuery(
        '/oauth/authorize',
        Object.fromEntries(REQUEST_FIELDS.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])),
      ),
  },
  async ({ session, body }) => ({ redirect: await decideConsent(session.user.id, body) }),
);
