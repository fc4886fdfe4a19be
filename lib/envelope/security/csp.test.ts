// Sentry's words for a CSP violation (Relay's security_report.rs cases, and CSP3's inline and eval keywords).
import { describe, expect, it } from 'vitest';
import { normalizeUri } from './csp';
import { readSecurityReports } from './read-reports';

function read(report: Record<string, unknown>) {
  const r = readSecurityReports(Buffer.from(JSON.stringify({ 'csp-report': report })));
  if (!r.ok || r.reports.length !== 1) throw new Error(`not read: ${JSON.stringify(r)}`);
  return r.reports[0].event;
}
const title = (report: Record<string, unknown>) => (read(report).logentry as { formatted: string }).formatted;

describe('CSP titles and culprits', () => {
  it.each([
    // Relay's own cases (relay-event-schema security_report.rs).
    [
      {
        'document-uri': 'http://example.com/foo',
        'effective-directive': 'img-src',
        'blocked-uri': 'http://google.com/foo',
      },
      "Blocked 'image' from 'google.com'",
    ],
    [
      { 'document-uri': 'http://example.com/foo', 'effective-directive': 'style-src', 'blocked-uri': '' },
      "Blocked inline 'style'",
    ],
    [
      { 'effective-directive': 'script-src', 'blocked-uri': '', 'violated-directive': "script-src 'unsafe-inline'" },
      "Blocked unsafe (eval() or inline) 'script'",
    ],
    [
      { 'effective-directive': 'script-src', 'blocked-uri': 'data:text/plain;base64,SGVsbG8=' },
      "Blocked 'script' from 'data:'",
    ],
    [{ 'effective-directive': 'script-src', 'blocked-uri': 'data' }, "Blocked 'script' from 'data:'"],
    [
      { 'effective-directive': 'style-src-elem', 'blocked-uri': 'http://fonts.google.com/foo' },
      "Blocked 'style' from 'fonts.google.com'",
    ],
    [
      { 'effective-directive': 'style-src', 'blocked-uri': 'http://notlocalhost:8000/lol.css' },
      "Blocked 'style' from 'notlocalhost:8000'",
    ],
    [
      { 'violated-directive': 'default-src self', 'blocked-uri': 'http://evilhackerscripts.com' },
      "Blocked 'default-src' from 'evilhackerscripts.com'",
    ],
    [{ 'effective-directive': 'script-src', 'blocked-uri': 'inline' }, "Blocked unsafe inline 'script'"],
    [{ 'effective-directive': 'script-src', 'blocked-uri': 'eval' }, "Blocked unsafe eval() 'script'"],
    [
      { 'effective-directive': 'form-action', 'blocked-uri': 'https://phish.example/login' },
      "Blocked 'form' action to 'phish.example'",
    ],
    // CSP3 names inline code in any script or style directive, not only script-src.
    [{ 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' }, "Blocked unsafe inline 'script'"],
    [{ 'effective-directive': 'style-src-attr', 'blocked-uri': 'inline' }, "Blocked inline 'style'"],
    // A directive browsers may add tomorrow is read like any other.
    [
      { 'effective-directive': 'fenced-frame-src', 'blocked-uri': 'https://ads.example/f' },
      "Blocked 'fenced-frame-src' from 'ads.example'",
    ],
  ])('%j → %s', (report, expected) => {
    expect(title(report)).toBe(expected);
  });

  it.each([
    ['style-src cdn.example.com', 'http://example.com', 'style-src cdn.example.com'],
    ['style-src http://cdn.example.com', 'http://example.com/foo', 'style-src http://cdn.example.com'],
    ['style-src http://example.com', 'http://example.com/foo', "style-src 'self'"],
    ['style-src http://example2.com example.com', 'http://example.com/foo', "style-src http://example2.com 'self'"],
    ['default-src self', 'https://example.com/foo/bar', 'default-src self'],
  ])('culprit of violated %s on %s is %s (as Relay writes it)', (violated, document, culprit) => {
    expect(read({ 'document-uri': document, 'violated-directive': violated }).culprit).toBe(culprit);
  });

  it.each([
    ['', "'self'"],
    ['self', "'self'"],
    ['data', 'data:'],
    ['http', 'http://'],
    ['http://notlocalhost/', 'notlocalhost'],
    ['https://notlocalhost/lol.css', 'notlocalhost'],
    ['data://notlocalhost/', 'data://notlocalhost'],
    ['http://notlocalhost:8000/lol.css', 'notlocalhost:8000'],
    ['xyz://notlocalhost/', 'xyz://notlocalhost'],
    ['chrome-extension://abcdef/content.js', 'chrome-extension://abcdef'],
  ])('normalizeUri(%j) = %j (Relay)', (uri, expected) => {
    expect(normalizeUri(uri)).toBe(expected);
  });
});
