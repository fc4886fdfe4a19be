// Chromium's own CSP reports (#58): Debian's Chromium opens a page whose strict policy blocks a script and an image
// from other hosts, once with `report-uri` (CSP level 2, `application/csp-report`, one request per violation) and once
// with `report-to` + `Reporting-Endpoints` (the Reporting API, `application/reports+json`, batched after a CORS
// preflight), both pointed at the security endpoint served by the node:http adapter `npm start` uses. What the
// browser sends becomes one issue per directive and blocked host, whichever way it came.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { serveIngest } from '@/lib/ingest/protocols/node-adapter';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { waitUntil } from '../support/wait';

type Listening = { server: http.Server | https.Server; port: number };

/**
 * A certificate for localhost that this Chromium trusts by its key's hash: the Reporting API delivers only to https
 * endpoints (an http://localhost one never received a report, nor its preflight) and reads `Reporting-Endpoints`
 * only from a page served over a trusted connection.
 */
function localhostCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-reports-'));
  const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost'].concat([
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]),
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(certFile);
  const key = fs.readFileSync(keyFile);
  fs.rmSync(dir, { recursive: true, force: true });
  const spki = crypto.createPublicKey(cert).export({ type: 'spki', format: 'der' });
  return { key, cert, spkiHash: crypto.createHash('sha256').update(spki).digest('base64') };
}

async function listen(server: http.Server | https.Server): Promise<Listening> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, port: (server.address() as AddressInfo).port };
}

const ingest = (req: http.IncomingMessage, res: http.ServerResponse) => {
  if (!serveIngest(req, res)) res.writeHead(404).end();
};

// Blocked before any request leaves the browser: neither host is ever looked up.
const PAGE = (scheme: string) =>
  `<!doctype html><title>Checkout</title><h1>Checkout</h1>` +
  `<script src="${scheme}://evil.example.com/x.js"></script><img src="${scheme}://images.example.net/a.png" alt="">`;

let browser: Browser;
let project: Awaited<ReturnType<typeof createProject>>;
let owner: Awaited<ReturnType<typeof signUp>>;
const servers: Listening[] = [];
let reportUriPage: string;
let reportToPage: string;

beforeAll(async () => {
  owner = await signUp();
  project = await createProject(owner.client, 'Storefront');
  const key = project.keys[0].publicKey;
  const tls = localhostCertificate();
  const app = await listen(http.createServer(ingest));
  const appTls = await listen(https.createServer({ key: tls.key, cert: tls.cert }, ingest));
  const endpoint = (scheme: string, port: number) =>
    `${scheme}://localhost:${port}/api/${project.number}/security/?sentry_key=${key}&sentry_environment=production`;
  const pages = await listen(
    http.createServer((_req, res) => {
      res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': `default-src 'self'; report-uri ${endpoint('http', app.port)}`,
        })
        .end(PAGE('http'));
    }),
  );
  const tlsPages = await listen(
    https.createServer({ key: tls.key, cert: tls.cert }, (_req, res) => {
      res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "default-src 'self'; report-to csp-endpoint",
          'reporting-endpoints': `csp-endpoint="${endpoint('https', appTls.port)}"`,
        })
        .end(PAGE('https'));
    }),
  );
  servers.push(app, appTls, pages, tlsPages);
  reportUriPage = `http://localhost:${pages.port}/checkout`;
  reportToPage = `https://localhost:${tlsPages.port}/checkout`;
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    // Reports are delivered within a second instead of a minute; the test certificate is trusted by its key.
    args: [...CHROMIUM_ARGS, '--short-reporting-delay', `--ignore-certificate-errors-spki-list=${tls.spkiHash}`],
  });
});

afterAll(async () => {
  await browser?.close();
  for (const { server } of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

const eventCount = () => db.event.count({ where: { projectId: project.id } });

async function issues() {
  const list = (await owner.client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues as {
    id: string;
    title: string;
    culprit: string;
    eventCount: number;
  }[];
  return list.sort((a, b) => a.title.localeCompare(b.title));
}

async function visit(url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await expect.poll(() => page.locator('h1').textContent()).toBe('Checkout');
  return context;
}

describe("Chromium's CSP reports", () => {
  it('report-uri: each violation a report, one issue per directive, grouped again on the next visit', async () => {
    const first = await visit(reportUriPage);
    await waitUntil(async () => (await eventCount()) >= 2, 15_000);
    await first.close();
    const second = await visit(reportUriPage);
    await waitUntil(async () => (await eventCount()) >= 4, 15_000);
    await second.close();

    expect((await issues()).map((i) => [i.title, i.culprit, i.eventCount])).toEqual([
      ["Blocked 'image' from 'images.example.net'", 'img-src', 2],
      ["Blocked 'script' from 'evil.example.com'", 'script-src-elem', 2],
    ]);
    const [image] = await issues();
    const event = (await owner.client.get(`/api/v1/projects/${project.id}/issues/${image.id}/events`)).body.data
      .events[0];
    expect(event).toMatchObject({
      message: "Blocked 'image' from 'images.example.net'",
      environment: 'production',
      request: { url: reportUriPage, headers: { 'User-Agent': expect.stringContaining('Chrome/') } },
      contexts: { browser: { name: expect.stringMatching(/Chrom/) }, os: { name: 'Linux' } },
      tags: {
        'effective-directive': 'img-src',
        'blocked-uri': 'http://images.example.net/a.png',
        'blocked-host': 'images.example.net',
      },
      security: {
        type: 'csp',
        report: {
          effective_directive: 'img-src',
          blocked_uri: 'http://images.example.net/a.png',
          document_uri: reportUriPage,
          disposition: 'enforce',
          original_policy: expect.stringContaining('report-uri'),
        },
      },
    });
  });

  it('report-to and Reporting-Endpoints: the batched reports land in the same two issues', async () => {
    const before = await eventCount();
    const context = await visit(reportToPage);
    await waitUntil(async () => (await eventCount()) >= before + 2, 20_000);
    await context.close();

    expect((await issues()).map((i) => [i.title, i.eventCount])).toEqual([
      ["Blocked 'image' from 'images.example.net'", 3],
      ["Blocked 'script' from 'evil.example.com'", 3],
    ]);
    const [, script] = await issues();
    const event = (await owner.client.get(`/api/v1/projects/${project.id}/issues/${script.id}/events`)).body.data
      .events[0];
    expect(event).toMatchObject({
      request: { url: reportToPage, headers: { 'User-Agent': expect.stringContaining('Chrome/') } },
      security: {
        type: 'csp',
        report: {
          effective_directive: 'script-src-elem',
          blocked_uri: 'https://evil.example.com/x.js',
          document_uri: reportToPage,
          original_policy: "default-src 'self'; report-to csp-endpoint",
        },
      },
    });
    await flushOutcomes();
    const rows = await db.outcome.findMany({ where: { projectId: project.id } });
    expect(rows.map((r) => [r.category, r.outcome, Number(r.quantity)])).toEqual([['security', 'accepted', 6]]);
  });
});
