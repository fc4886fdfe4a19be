// The docs stay true (#37): every route under app/api is in the API reference, every environment variable the code
// reads is on the configuration page, every `npm run` command in the README and the docs exists in package.json,
// and every docs page is linked from the README.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');

function files(dir: string, keep: (name: string) => boolean, out: string[] = []): string[] {
  for (const name of fs.readdirSync(path.join(root, dir))) {
    if (name === 'node_modules' || name === 'generated' || name.startsWith('.')) continue;
    const rel = path.join(dir, name);
    if (fs.statSync(path.join(root, rel)).isDirectory()) files(rel, keep, out);
    else if (keep(name)) out.push(rel);
  }
  return out;
}

/** `app/api/v1/projects/[projectId]/route.ts` → `/api/v1/projects/:projectId`; `[...nextauth]` → `*`. */
function routePath(file: string): string {
  return `/${path.dirname(file)}`
    .replace(/^\/app/, '')
    .replace(/\[\.\.\.[^\]]+\]/g, '*')
    .replace(/\[([^\]]+)\]/g, ':$1')
    .replace(/\/\([^)]+\)/g, '');
}

describe('docs', () => {
  it('every route under app/api is in docs/api.md', () => {
    const api = read('docs/api.md');
    const routes = files('app/api', (n) => n === 'route.ts').map(routePath);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => !api.includes(`\`${r}\``))).toEqual([]);
  });

  it('every environment variable the code reads is in docs/configuration.md', () => {
    const config = read('docs/configuration.md');
    const code = [
      ...files('lib', (n) => /\.tsx?$/.test(n) && !n.endsWith('.test.ts')),
      ...files('app', (n) => /\.tsx?$/.test(n)),
      ...files('scripts', (n) => n.endsWith('.ts')),
    ];
    const names = new Set<string>();
    for (const f of code) {
      const text = read(f);
      for (const m of text.matchAll(
        /process\.env\.([A-Z][A-Z0-9_]+)|process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]|\b(?:str|e)\(['"]([A-Z][A-Z0-9_]+)['"]\)|`ATTACHMENTS_S3_\$\{n\}`/g,
      )) {
        const name = m[1] ?? m[2] ?? m[3];
        if (name) names.add(name);
      }
    }
    // Set by the server and the test runner, not by a person.
    for (const internal of ['NODE_ENV', 'NEXTAUTH_URL', 'VITEST', 'CI']) names.delete(internal);
    expect(names.size).toBeGreaterThan(40);
    expect([...names].filter((n) => !config.includes(`\`${n}\``)).sort()).toEqual([]);
  });

  it('every `npm run` command in the README and the docs exists in package.json', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const pages = ['README.md', ...files('docs', (n) => n.endsWith('.md'))];
    const used = new Set<string>();
    for (const p of pages) for (const m of read(p).matchAll(/npm run ([a-z][\w:-]*)/g)) used.add(m[1]);
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((s) => !scripts.includes(s))).toEqual([]);
  });

  it('every docs page is linked from the README, and the README is short', () => {
    const readme = read('README.md');
    const pages = files('docs', (n) => n.endsWith('.md')).filter((p) => !p.includes('/images/'));
    expect(pages.filter((p) => !readme.includes(`](${p})`))).toEqual([]);
    expect(readme.split('\n').length).toBeLessThan(200);
  });
});
