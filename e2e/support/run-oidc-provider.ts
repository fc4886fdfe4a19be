// A real OpenID Connect provider for the SSO spec (#35): the certified `oidc-provider` package on loopback, with
// its development login and consent pages. Port from E2E_OIDC_PORT; the app's client and callback from the
// environment. Accounts: `ada` (email verified) and `eve` (email not verified); any password.
import Provider from 'oidc-provider';

const port = Number(process.env.E2E_OIDC_PORT ?? 3103);
const issuer = `http://127.0.0.1:${port}`;
const ACCOUNTS: Record<string, { email: string; email_verified: boolean; name: string }> = {
  ada: { email: 'ada@sso.example', email_verified: true, name: 'Ada SSO' },
  eve: { email: 'eve@sso.example', email_verified: false, name: 'Eve Unverified' },
};

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.E2E_OIDC_CLIENT_ID ?? 'tracker',
      client_secret: process.env.E2E_OIDC_CLIENT_SECRET ?? 'tracker-secret',
      redirect_uris: [process.env.E2E_OIDC_REDIRECT_URI ?? 'http://localhost:3100/api/auth/callback/oidc'],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  async findAccount(_ctx, id) {
    const account = ACCOUNTS[id];
    if (!account) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...account }) };
  },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['e2e-oidc-cookie-key'] },
});
// Its own health check for Playwright's webServer.
provider.use(async (ctx, next) => {
  if (ctx.path === '/health') {
    ctx.body = 'ok';
    return;
  }
  await next();
});
const server = provider.listen(port, '127.0.0.1');
console.log(`[oidc-provider] ${issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
