// Secrets a test sends, and a sweep of everything the service wrote (every column of every row of every table,
// the email outbox) that finds where any of them ended up.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pool } from '@/lib/pg';

const hex = (n: number) => crypto.randomBytes(n).toString('hex');

/** A random Luhn-valid 16-digit Visa number. */
export function cardNumber(): string {
  const body = '4' + Array.from({ length: 14 }, () => crypto.randomInt(10)).join('');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** Distinct secrets for one test run: each appears nowhere else. */
export function makeSecrets() {
  const card = cardNumber();
  return {
    password: `pw-${hex(6)}`,
    bearer: `tok${hex(10)}`,
    cookie: `ck${hex(8)}`,
    apiKey: `key${hex(8)}`,
    queryToken: `qt${hex(8)}`,
    card,
    cardSpaced: card.replace(/(\d{4})(?=\d)/g, '$1 '),
    awsKey: `AKIA${hex(8).toUpperCase()}`,
    urlPassword: `up${hex(6)}`,
    breadcrumbToken: `bt${hex(8)}`,
    formPassword: `fp${hex(6)}`,
  };
}
export type Secrets = ReturnType<typeof makeSecrets>;

/** Plain `[schema.]table` names of every table (partitions included) in the app's and the job queue's schemas. */
async function tables(): Promise<string[]> {
  const { rows } = await pool().query<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  return rows.map((r) => r.name);
}

/** Every (table, secret) where some row's text holds the secret; and every outbox file that does. */
export async function sweepForSecrets(values: string[]): Promise<string[]> {
  const found: string[] = [];
  const pattern = values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  for (const table of await tables()) {
    const { rows } = await pool().query<{ t: string }>(`SELECT t::text AS t FROM ${table} t WHERE t::text ~ $1`, [
      pattern,
    ]);
    for (const r of rows) for (const v of values) if (r.t.includes(v)) found.push(`${table}: ${v}`);
  }
  const outbox = process.env.MAIL_OUTBOX_DIR;
  if (outbox && fs.existsSync(outbox)) {
    for (const file of fs.readdirSync(outbox)) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      for (const v of values) if (text.includes(v)) found.push(`outbox/${file}: ${v}`);
    }
  }
  return [...new Set(found)];
}
