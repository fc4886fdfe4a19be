import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    silent: 'passed-only',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['lib/**/*.test.ts', 'emails/**/*.test.ts*'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: [path.join(root, 'tests/setup/global-db.ts')],
          setupFiles: [path.join(root, 'tests/setup/env.ts')],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
