import { afterEach, describe, expect, it } from 'vitest';
import { directDatabaseUrl, statement } from './pg';

const saved = { url: process.env.DATABASE_URL, direct: process.env.DATABASE_DIRECT_URL };
afterEach(() => {
  process.env.DATABASE_URL = saved.url;
  if (saved.direct === undefined) delete process.env.DATABASE_DIRECT_URL;
  else process.env.DATABASE_DIRECT_URL = saved.direct;
});

describe('pooler safety', () => {
  it('names the hot statements (prepared once per connection) on a direct connection', () => {
    delete process.env.DATABASE_DIRECT_URL;
    expect(statement('ingest-batch', 'SELECT $1', [1])).toEqual({
      name: 'ingest-batch',
      text: 'SELECT $1',
      values: [1],
    });
  });

  it('behind a transaction-mode pooler (DATABASE_DIRECT_URL set) no statement is named, and migrations take the direct URL', () => {
    process.env.DATABASE_URL = 'postgresql://app@pgbouncer:6432/tracker';
    process.env.DATABASE_DIRECT_URL = 'postgresql://app@db:5432/tracker';
    expect(statement('ingest-batch', 'SELECT $1', [1])).toEqual({ text: 'SELECT $1', values: [1] });
    expect(directDatabaseUrl()).toBe('postgresql://app@db:5432/tracker');
  });

  it('without DATABASE_DIRECT_URL migrations use DATABASE_URL', () => {
    process.env.DATABASE_URL = 'postgresql://app@db:5432/tracker';
    delete process.env.DATABASE_DIRECT_URL;
    expect(directDatabaseUrl()).toBe('postgresql://app@db:5432/tracker');
  });
});
