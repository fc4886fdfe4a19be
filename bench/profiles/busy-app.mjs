// A busy Node web service profiled by the real @sentry/profiling-node 11 (#47), for bench:profiles' recording
// (bench/profiles/record.ts starts it and sends it requests): `node busy-app.mjs <dsn> <port>`. Four routes doing
// what shop back ends do (search and sort a catalogue, price a cart, render an order page, aggregate a report),
// each with child spans, under continuous profiling (profileLifecycle 'manual', started at once and never stopped:
// the SDK sends one profile_chunk a minute). Prints `ready` when it listens.
// @sentry/node is taken from beside @sentry/profiling-node, so both are the same release (as an app pins them).
import crypto from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Sentry = createRequire(require.resolve('@sentry/profiling-node'))('@sentry/node');
const { nodeProfilingIntegration } = require('@sentry/profiling-node');

const [dsn, port] = process.argv.slice(2);
Sentry.init({
  dsn,
  release: 'shop-api@4.2.0',
  environment: 'production',
  integrations: [nodeProfilingIntegration()],
  tracesSampleRate: 0.2,
  profileSessionSampleRate: 1,
  profileLifecycle: 'manual',
});
Sentry.profiler.startProfiler();

const words = [
  'ceramic',
  'mug',
  'linen',
  'towel',
  'oak',
  'board',
  'steel',
  'kettle',
  'wool',
  'blanket',
  'glass',
  'jar',
];
const catalogue = Array.from({ length: 5000 }, (_, i) => ({
  id: `P-${10000 + i}`,
  title: `${words[i % words.length]} ${words[(i * 7) % words.length]} no. ${i}`,
  price: Math.round(((i * 37) % 9000) + 99) / 100,
  stock: (i * 13) % 120,
  tags: [words[i % 5], words[(i + 3) % words.length]],
}));
const orders = Array.from({ length: 20000 }, (_, i) => ({
  id: `A-${100000 + i}`,
  customer: `c${i % 1500}`,
  status: ['paid', 'pending', 'failed', 'refunded'][i % 4],
  lines: Array.from({ length: 1 + (i % 5) }, (_, k) => ({
    sku: catalogue[(i * 11 + k) % catalogue.length].id,
    qty: 1 + k,
  })),
  createdAt: Date.now() - i * 60_000,
}));
const bySku = new Map(catalogue.map((p) => [p.id, p]));

/** A query's round trip to the database: a little parsing of rows that come back later. */
async function query(description, rows) {
  return Sentry.startSpan({ name: description, op: 'db', attributes: { 'db.system': 'postgresql' } }, async () => {
    await new Promise((r) => setTimeout(r, 2 + (rows % 5)));
    return JSON.parse(JSON.stringify(orders.slice(rows % 1000, (rows % 1000) + 20)));
  });
}

/** How well a product matches: each word of its title and tags against the needle, letter by letter. */
function relevance(p, needle) {
  let score = 0;
  for (const word of [...p.title.split(' '), ...p.tags]) {
    let common = 0;
    while (common < word.length && common < needle.length && word[common] === needle[common]) common++;
    score += common === needle.length ? 10 : common;
  }
  return score + (p.stock > 0 ? 1 : 0);
}

function searchCatalogue(q, sort) {
  const needle = q.toLowerCase();
  const scored = catalogue.map((p) => ({ p, score: relevance(p, needle) })).filter((x) => x.score >= 10);
  scored.sort(
    sort === 'price'
      ? (a, b) => a.p.price - b.p.price
      : (a, b) => b.score - a.score || a.p.title.localeCompare(b.p.title),
  );
  return scored.slice(0, 50).map((x) => x.p);
}

function priceCart(cart) {
  let subtotal = 0;
  for (const line of cart.lines) {
    const p = bySku.get(line.sku);
    if (!p) throw new Error(`unknown sku ${line.sku}`);
    subtotal += p.price * line.qty;
  }
  const discount = subtotal > 200 ? subtotal * 0.05 : 0;
  const tax = Math.round((subtotal - discount) * 0.2 * 100) / 100;
  const orderId = crypto.createHash('sha256').update(JSON.stringify(cart)).digest('hex').slice(0, 16);
  return { orderId, subtotal, discount, tax, total: subtotal - discount + tax };
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
function renderOrder(order, related) {
  const rows = order.lines
    .map((l) => {
      const p = bySku.get(l.sku);
      return `<tr><td>${escapeHtml(p.title)}</td><td>${l.qty}</td><td>${(p.price * l.qty).toFixed(2)}</td></tr>`;
    })
    .join('');
  const others = related.map((o) => `<li><a href="/orders?id=${o.id}">${escapeHtml(o.id)}</a> ${o.status}</li>`);
  return `<!doctype html><html><body><h1>Order ${escapeHtml(order.id)}</h1><table>${rows}</table><ul>${others.join('')}</ul></body></html>`;
}

function salesReport(days) {
  const since = Date.now() - days * 86_400_000;
  const byStatus = {};
  const bySkuTotal = new Map();
  for (const o of orders) {
    if (o.createdAt < since) continue;
    byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    for (const l of o.lines) bySkuTotal.set(l.sku, (bySkuTotal.get(l.sku) ?? 0) + l.qty * bySku.get(l.sku).price);
  }
  const top = [...bySkuTotal].sort((a, b) => b[1] - a[1]).slice(0, 20);
  return { byStatus, top };
}

async function handle(req, res, body) {
  const url = new URL(req.url, 'http://localhost');
  // What a framework's router does: the transaction takes the route's name.
  const active = Sentry.getActiveSpan();
  if (active) Sentry.updateSpanName(Sentry.getRootSpan(active), `${req.method} ${url.pathname}`);
  const send = (status, type, text) => {
    res.writeHead(status, { 'content-type': type });
    res.end(text);
  };
  if (url.pathname === '/products') {
    const hits = Sentry.startSpan({ name: 'search catalogue', op: 'function' }, () =>
      searchCatalogue(url.searchParams.get('q') ?? '', url.searchParams.get('sort')),
    );
    await query('SELECT stock FROM products WHERE id = ANY($1)', hits.length);
    return send(200, 'application/json', JSON.stringify({ products: hits }));
  }
  if (url.pathname === '/checkout' && req.method === 'POST') {
    const cart = JSON.parse(body);
    const priced = Sentry.startSpan({ name: 'price cart', op: 'function' }, () => priceCart(cart));
    await query('INSERT INTO orders (id, customer, total) VALUES ($1, $2, $3)', cart.lines.length);
    return send(201, 'application/json', JSON.stringify(priced));
  }
  if (url.pathname === '/orders') {
    const id = url.searchParams.get('id') ?? '';
    const n = Number(id.slice(2)) - 100000;
    const order = orders[n] ?? orders[0];
    const related = await query('SELECT * FROM orders WHERE customer = $1 ORDER BY created_at DESC LIMIT 20', n);
    const html = Sentry.startSpan({ name: 'render order', op: 'template.render' }, () => renderOrder(order, related));
    return send(200, 'text/html', html);
  }
  if (url.pathname === '/report') {
    const report = Sentry.startSpan({ name: 'sales report', op: 'function' }, () =>
      salesReport(Number(url.searchParams.get('days') ?? 7)),
    );
    return send(200, 'application/json', JSON.stringify(report));
  }
  send(404, 'text/plain', 'not found');
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err) => {
        Sentry.captureException(err);
        res.writeHead(500);
        res.end();
      });
    });
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
