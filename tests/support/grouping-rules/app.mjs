// The real @sentry/node 11 throwing the errors that grouping rules regroup (#63). argv: the DSN, then what to send, a
// comma-separated list of names (each optionally `name@shard`, sent with the tag shard=<shard>):
// db-user, db-order (DatabaseUnavailable thrown through assertConnected from two call sites), timeout-prices,
// timeout-stock (two timeout messages from two places), pool-fast, pool-slow (thrown inside a vendored pool), config
// (a TypeError no rule touches). Driven by tests/api/grouping-rules.test.ts.
import * as Sentry from '@sentry/node';
import { acquire } from './vendor/pool.mjs';

Sentry.init({ dsn: process.argv[2], defaultIntegrations: false });

class DatabaseUnavailable extends Error {
  name = 'DatabaseUnavailable';
}
function assertConnected(host) {
  throw new DatabaseUnavailable(`connect ECONNREFUSED ${host}:5432`);
}
function loadUser() {
  assertConnected('10.0.0.7');
}
function saveOrder() {
  assertConnected('10.0.0.8');
}
function fetchPrices() {
  throw new Error('Read timeout after 30000ms');
}
function syncStock() {
  throw new Error('Upstream timeout: inventory service did not answer');
}
function checkout(mode) {
  acquire(mode);
}
function parseConfig() {
  throw new TypeError('config.port must be a number');
}

// Each error is thrown from one call site (below), so only the functions above tell them apart.
const SENDERS = {
  'db-user': [loadUser],
  'db-order': [saveOrder],
  'timeout-prices': [fetchPrices],
  'timeout-stock': [syncStock],
  'pool-fast': [checkout, 'fast'],
  'pool-slow': [checkout, 'slow'],
  config: [parseConfig],
};

for (const item of (process.argv[3] ?? '').split(',').filter(Boolean)) {
  const [name, shard] = item.split('@');
  if (!SENDERS[name]) throw new Error(`unknown error to send: ${name}`);
  const [fn, arg] = SENDERS[name];
  try {
    fn(arg);
  } catch (err) {
    Sentry.withScope((scope) => {
      if (shard) scope.setTag('shard', shard);
      Sentry.captureException(err);
    });
  }
}
await Sentry.flush(5000);
console.log('sent');
