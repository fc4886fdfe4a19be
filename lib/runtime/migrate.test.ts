import { describe, expect, it } from 'vitest';
import { appliedMigrations } from './migrate';

describe('appliedMigrations', () => {
  it('reads the applied migrations from prisma migrate deploy’s tree, in order', () => {
    const out = `3 migrations found in prisma/migrations

Applying migration \`20261230000001_teams\`
Applying migration \`20261230000002_ownership\`

The following migration(s) have been applied:

migrations/
  └─ 20261230000001_teams/
    └─ migration.sql
  └─ 20261230000002_ownership/
    └─ migration.sql

All migrations have been successfully applied.`;
    expect(appliedMigrations(out)).toEqual(['20261230000001_teams', '20261230000002_ownership']);
  });

  it('is empty when nothing was pending', () => {
    expect(appliedMigrations('48 migrations found in prisma/migrations\n\nNo pending migrations to apply.')).toEqual(
      [],
    );
  });
});
