import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The teams migration on a database that already has users: applied to a scratch database on the test
// server after the migrations before it, with data written in the old shape.
const migrations = path.resolve(import.meta.dirname, '../../prisma/migrations');
const sql = (name: string) => fs.readFileSync(path.join(migrations, name, 'migration.sql'), 'utf8');
const dbName = `migration_${crypto.randomBytes(4).toString('hex')}`;
let admin: pg.Client;
let client: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${dbName}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(sql('20261122000000_init'));
});

afterAll(async () => {
  await client.end();
  await admin.query(`DROP DATABASE ${dbName}`);
  await admin.end();
});

describe('teams migration', () => {
  it('makes every existing user OWNER of the organization they had; users without one get no membership', async () => {
    const { rows: orgs } = await client.query<{ id: string }>(
      `INSERT INTO organizations (name, slug) VALUES ('A org', 'a-org'), ('B org', 'b-org') RETURNING id`,
    );
    await client.query(
      `INSERT INTO users (name, email, org_id) VALUES ('Ann', 'ann@example.com', $1), ('Ben', 'ben@example.com', $2), ('Orphan', 'orphan@example.com', NULL)`,
      [orgs[0].id, orgs[1].id],
    );
    const { rows: projects } = await client.query<{ id: string }>(
      `INSERT INTO projects (org_id, name, slug) VALUES ($1, 'App', 'app') RETURNING id`,
      [orgs[0].id],
    );
    await client.query(
      `INSERT INTO issues (project_id, fingerprint, title, status, first_seen, last_seen) VALUES ($1, 'fp', 'Error: x', 'RESOLVED', now(), now())`,
      [projects[0].id],
    );

    await client.query(sql('20261123140000_teams'));

    const { rows } = await client.query(
      `SELECT u.name, m.role, m.org_id = u.org_id AS own FROM users u LEFT JOIN memberships m ON m.user_id = u.id ORDER BY u.name`,
    );
    expect(rows).toEqual([
      { name: 'Ann', role: 'OWNER', own: true },
      { name: 'Ben', role: 'OWNER', own: true },
      { name: 'Orphan', role: null, own: null },
    ]);
    const { rows: issues } = await client.query(`SELECT assignee_id FROM issues`);
    expect(issues).toEqual([{ assignee_id: null }]);
  });

  it('the regression trigger records an event reopening a RESOLVED issue, not a status change by hand', async () => {
    await client.query(`UPDATE issues SET status = 'UNRESOLVED', updated_at = now()`);
    await client.query(`UPDATE issues SET status = 'RESOLVED'`);
    await client.query(`UPDATE issues SET status = 'UNRESOLVED', event_count = event_count + 1`);
    const { rows } = await client.query(`SELECT type, from_status, to_status FROM issue_activities`);
    expect(rows).toEqual([{ type: 'REGRESSED', from_status: 'RESOLVED', to_status: 'UNRESOLVED' }]);
  });
});
