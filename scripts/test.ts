// `npm test`: every suite (typecheck, lint, unit + API on a fresh PostgreSQL, the browser library, Playwright in Chromium),
// then one plain summary line `N passed, N failed` summed over all of them. Exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

type Counts = { passed: number; failed: number; skipped: number };
const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): number {
  console.log(`\n$ ${[cmd, ...args].join(' ')}${cwd !== root ? `   (in ${path.relative(root, cwd)})` : ''}`);
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(file: string): Counts | undefined {
  const j = readJson<{
    numPassedTests?: number;
    numFailedTests?: number;
    numPendingTests?: number;
    numTodoTests?: number;
  }>(file);
  if (!j) return undefined;
  return {
    passed: j.numPassedTests ?? 0,
    failed: j.numFailedTests ?? 0,
    skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
  };
}

function playwrightCounts(file: string): Counts | undefined {
  const j = readJson<{ stats?: { expected?: number; flaky?: number; unexpected?: number; skipped?: number } }>(file);
  if (!j?.stats) return undefined;
  return {
    passed: (j.stats.expected ?? 0) + (j.stats.flaky ?? 0),
    failed: j.stats.unexpected ?? 0,
    skipped: j.stats.skipped ?? 0,
  };
}

const vitestBin = path.join(root, 'node_modules', '.bin', 'vitest');
const suites: { name: string; run: () => { code: number; counts: Counts | undefined } }[] = [
  {
    name: 'typecheck (tsc)',
    run: () => {
      const code = run(path.join(root, 'node_modules', '.bin', 'tsc'), ['--noEmit'], root);
      return { code, counts: { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 } };
    },
  },
  {
    name: 'lint (eslint)',
    run: () => {
      const code = run(path.join(root, 'node_modules', '.bin', 'eslint'), ['.', '--max-warnings', '0'], root);
      return { code, counts: { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 } };
    },
  },
  {
    name: 'format (prettier --check)',
    run: () => {
      const code = run(
        path.join(root, 'node_modules', '.bin', 'prettier'),
        ['--check', '.', '--log-level', 'warn'],
        root,
      );
      return { code, counts: { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 } };
    },
  },
  {
    name: 'unit + api (vitest)',
    run: () => {
      const file = path.join(out, 'vitest.json');
      fs.rmSync(file, { force: true });
      // The upgrade test's old version is built first, alone: a Next build beside the API tests would slow them. A
      // failure here is the upgrade test's to report (it prepares the version itself when it is not there).
      run(
        path.join(root, 'node_modules', '.bin', 'tsx'),
        [path.join(root, 'tests', 'support', 'old-version.ts')],
        root,
      );
      const code = run(vitestBin, ['run', '--reporter=default', '--reporter=json', `--outputFile=${file}`], root);
      return { code, counts: vitestCounts(file) };
    },
  },
  {
    name: 'browser library (vitest)',
    run: () => {
      const file = path.join(out, 'sdk-browser.json');
      fs.rmSync(file, { force: true });
      const code = run(
        vitestBin,
        ['run', '--reporter=default', '--reporter=json', `--outputFile=${file}`],
        path.join(root, 'sdk', 'browser'),
      );
      return { code, counts: vitestCounts(file) };
    },
  },
  {
    name: 'end-to-end (playwright)',
    run: () => {
      const file = path.join(out, 'playwright.json');
      fs.rmSync(file, { force: true });
      const code = run(path.join(root, 'node_modules', '.bin', 'playwright'), ['test'], root, {
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      });
      return { code, counts: playwrightCounts(file) };
    },
  },
];

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
const lines: string[] = [];
for (const suite of suites) {
  if (only.length && !only.some((o) => suite.name.includes(o))) continue;
  const { code, counts } = suite.run();
  // A suite that crashed before reporting counts as one failure, so a broken run can never read green.
  const c = counts ?? { passed: 0, failed: 1, skipped: 0 };
  if (code !== 0 && c.failed === 0) c.failed = 1;
  if (code !== 0) exitCode = 1;
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  lines.push(
    `  ${suite.name}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}${counts ? '' : ' (no report: the suite crashed)'}`,
  );
}
if (total.failed > 0) exitCode = 1;
console.log(`\nTest summary\n${lines.join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(exitCode);
