// Span groups (#34): spans that do the same work share a group, so "where the time goes" adds them up. SQL keeps
// its shape with literals replaced (`WHERE id = 42` and `WHERE id = 43` are one query), IN lists collapse, HTTP
// calls keep method, host and path with ids replaced, and anything else keeps its text with long numbers and hex ids
// replaced.

const MAX_GROUP = 300;

/** `SELECT * FROM orders WHERE id = 42 AND status IN ('a', 'b')` → `SELECT * FROM orders WHERE id = ? AND status IN (...)`. */
export function normalizeSql(sql: string): string {
  return sql
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\$\d+/g, '?')
    .replace(/\b-?\d+(?:\.\d+)?\b/g, '?')
    .replace(/\bIN\s*\(\s*\?(?:\s*,\s*\?)*\s*\)/gi, 'IN (...)')
    .replace(/\bVALUES\s*(\(\s*\?(?:\s*,\s*\?)*\s*\)\s*,?\s*)+/gi, 'VALUES (...)')
    .replace(/\s+/g, ' ')
    .trim();
}

const ID_SEGMENT = /^(?:\d+|[0-9a-f]{8,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** `GET https://api.example.com/users/123?x=1` → `GET https://api.example.com/users/*`. */
export function normalizeHttp(description: string): string {
  const m = /^([A-Z]+)\s+(\S+)/.exec(description.trim());
  const [method, target] = m ? [m[1], m[2]] : ['', description.trim()];
  let path = target;
  try {
    const u = new URL(target, 'http://relative.invalid');
    path = `${u.host === 'relative.invalid' ? '' : `${u.protocol}//${u.host}`}${u.pathname}`;
  } catch {
    path = target.split('?')[0];
  }
  path = path
    .split('/')
    .map((s) => (ID_SEGMENT.test(s) ? '*' : s))
    .join('/');
  return method ? `${method} ${path}` : path;
}

/** The group a span belongs to within its transaction: its op and its normalised description. */
export function spanGroup(op: string, description: string): string {
  let d = description;
  if (op.startsWith('db') || /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|BEGIN|COMMIT)\b/i.test(d)) d = normalizeSql(d);
  else if (op.startsWith('http')) d = normalizeHttp(d);
  else d = d.replace(/\b[0-9a-f]{16,}\b/gi, '*').replace(/\b\d{3,}\b/g, '*');
  return d.length > MAX_GROUP ? d.slice(0, MAX_GROUP) : d;
}
