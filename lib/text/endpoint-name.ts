/**
 * One name for an endpoint wherever it shows (#60): the Performance list, the issue and the trace named one endpoint
 * three ways ("GET /api/users/:id" from a routed transaction, "GET /api/users/42" from an error's or a span's raw
 * URL, "/api/users/42" without its method). An HTTP name is "<METHOD> <path>": the path without its host and query,
 * each segment that is an identifier (a number, a UUID, a long hex or token) written `:id`, and a framework's
 * parameter (`{id}`, `<int:id>`) written `:id` as Express writes it. A name that is not a path (a job, a task) stays.
 */

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT']);

const ID_SEGMENT = [
  /^\d+$/, // 42
  /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i, // a UUID, dashed or not
  /^[0-9a-f]{12,}$/i, // an object id, a hash
  /^(?=[^/]*\d)[A-Za-z0-9_-]{20,}$/, // a long token with digits in it
];

/** One path segment as it names the route: an identifier → `:id`, `{name}` / `<type:name>` → `:name`. */
function segmentName(seg: string): string {
  const param = /^\{([A-Za-z_][\w]*)\}$/.exec(seg) ?? /^<(?:[A-Za-z_]+:)?([A-Za-z_][\w]*)>$/.exec(seg);
  if (param) return `:${param[1]}`;
  return ID_SEGMENT.some((re) => re.test(seg)) ? ':id' : seg;
}

/** The path of a URL or path: no scheme, host, query or fragment; its identifiers as `:id`. */
function routeOf(target: string): string {
  let path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  return path
    .split('/')
    .map((seg, i) => (i === 0 || seg === '' ? seg : segmentName(seg)))
    .join('/');
}

/**
 * An endpoint's one name from what an SDK sent: a transaction or span name ("GET /api/users/42", "/api/users/42",
 * "GET") and, when known, the request's method and URL. A name that is neither a path nor "<METHOD> <path>" (a
 * background job, a task) comes back as it was.
 */
export function endpointName(name: string, request?: { method?: string | null; url?: string | null } | null): string {
  const trimmed = name.trim();
  const [first, ...rest] = trimmed.split(/\s+/);
  const method = METHODS.has(first?.toUpperCase() ?? '') ? first.toUpperCase() : null;
  const target = method ? rest.join(' ') : trimmed;
  const isPath = /^(\/|[a-z][a-z0-9+.-]*:\/\/)/i.test(target);
  const reqMethod = request?.method?.toUpperCase();
  const verb = method ?? (reqMethod && METHODS.has(reqMethod) ? reqMethod : null);
  if (isPath) return verb ? `${verb} ${routeOf(target)}` : routeOf(target);
  // "GET" alone (a span named before its route was known): the request's URL says which endpoint.
  if (method && !target && request?.url) return `${method} ${routeOf(request.url)}`;
  return trimmed;
}
