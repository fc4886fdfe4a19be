import { defineConfig } from 'prisma/config';

// DATABASE_URL is only needed by commands that talk to the database (migrate deploy);
// `prisma generate` runs at install time without one.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/unset' },
});
