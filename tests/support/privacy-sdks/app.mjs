// The real @sentry/node 11 capturing an error while serving a request, as its HTTP integration records it
// (the request on the isolation scope's processing metadata, read by requestDataIntegration).
// argv: DSN, then a JSON object of secrets. Driven by tests/api/privacy-sdks.test.ts.
import * as Sentry from '@sentry/node';

const secrets = JSON.parse(process.argv[3]);
Sentry.init({
  dsn: process.argv[2],
  sendDefaultPii: true,
  defaultIntegrations: false,
  integrations: [Sentry.requestDataIntegration()],
});
Sentry.withIsolationScope((scope) => {
  scope.setSDKProcessingMetadata({
    normalizedRequest: {
      url: `http://shop.example.com/checkout?access_token=${secrets.queryToken}&step=2`,
      method: 'POST',
      query_string: `access_token=${secrets.queryToken}&step=2`,
      headers: {
        authorization: `Bearer ${secrets.bearer}`,
        cookie: `sessionid=${secrets.cookie}; theme=dark`,
        'x-api-key': secrets.apiKey,
        'user-agent': 'curl/8',
      },
      cookies: { sessionid: secrets.cookie, theme: 'dark' },
      data: JSON.stringify({ email: 'ann@example.com', password: secrets.formPassword }),
    },
    ipAddress: '198.51.100.80',
  });
  scope.setExtra('password', secrets.password);
  scope.setUser({ id: 'u-node', ip_address: '{{auto}}' });
  Sentry.addBreadcrumb({ category: 'http', message: 'POST /login', data: { url: '/login', api_key: secrets.apiKey } });
  Sentry.captureException(new Error(`card ${secrets.card} declined`));
});
await Sentry.flush(5000);
console.log('sent');
