// A migration never changes once it is on main (#59): installed databases record the names they applied, and an
// edited one would leave them with a schema that no fresh install has. prisma/migration-checksums.json holds the
// SHA-256 of every migration's SQL; a new migration adds its line there, an edit to a listed one fails here.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const dir = path.join(root, 'prisma', 'migrations');
const listed: Record<string, string> = JSON.parse(
  fs.readFileSync(path.join(root, 'prisma', 'migration-checksums.json'), 'utf8'),
);
const migrations = fs
  .readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const sha256 = (name: string) =>
  crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(dir, name, 'migration.sql')))
    .digest('hex');

describe('shipped migrations', () => {
  it('each have their checksum listed (a new one adds its line to prisma/migration-checksums.json)', () => {
    expect(migrations.filter((m) => !(m in listed))).toEqual([]);
  });

  it('are never removed or renamed', () => {
    expect(Object.keys(listed).filter((m) => !migrations.includes(m))).toEqual([]);
  });

  it.each(Object.keys(listed))('%s is unchanged', (name) => {
    expect(sha256(name)).toBe(listed[name]);
  });

  it('sort after the ones before them, so a fresh database applies them in the order they were written', () => {
    expect(Object.keys(listed)).toEqual([...Object.keys(listed)].sort());
  });
});
