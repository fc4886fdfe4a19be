// A connection pool copied into the application (vendored, not under node_modules): @sentry/node marks its frames
// in-app, so by default each of its inner paths makes its own issue. Driven by tests/support/grouping-rules/app.mjs.
class PoolExhausted extends Error {
  name = 'PoolExhausted';
}
function fastPath(size) {
  throw new PoolExhausted(`no idle connection among ${size}`);
}
function slowPath(size) {
  throw new PoolExhausted(`waited 5s for one of ${size} connections`);
}
export function acquire(mode) {
  return mode === 'fast' ? fastPath(10) : slowPath(10);
}
