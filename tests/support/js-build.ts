import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const run = promisify(execFile);
export const SENTRY_CLI = path.resolve(import.meta.dirname, '../../node_modules/.bin/sentry-cli');

/** The app the source map tests build: a click handler that calls a function reading a missing property. */
export const APP_SOURCE = `function explode(input) {
  return input.missing.value;
}

export function handleClick() {
  return explode({});
}

globalThis.boom = handleClick;
`;

/**
 * Builds APP_SOURCE with esbuild into a minified, content-hashed bundle with its map, in a fresh directory.
 * `variant` changes the output (a banner), so each build has another hash and debug ID.
 */
export async function buildApp(variant = 1): Promise<{ dir: string; dist: string; file: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-app-'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src', 'main.js'), APP_SOURCE);
  const dist = path.join(dir, 'dist');
  await build({
    entryPoints: [path.join(dir, 'src', 'main.js')],
    bundle: true,
    minify: true,
    sourcemap: true,
    format: 'iife',
    entryNames: '[name].[hash]',
    outdir: dist,
    banner: { js: `/* build ${variant} */` },
    logLevel: 'silent',
  });
  const file = fs.readdirSync(dist).find((f) => f.endsWith('.js'))!;
  return { dir, dist, file };
}

export async function sentryCli(args: string[], env: Record<string, string>, cwd?: string) {
  return run(SENTRY_CLI, args, { env: { ...process.env, SENTRY_LOG_LEVEL: 'warn', ...env }, cwd, timeout: 60_000 });
}

/** Line and column (1-based) of `needle` in a file, as a browser would report a frame there. */
export function positionOf(text: string, needle: string): { lineno: number; colno: number } {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`${needle} not in the file`);
  return { lineno: i + 1, colno: lines[i].indexOf(needle) + 1 };
}

/** The debug ID `sentry-cli sourcemaps inject` wrote into a file. */
export function debugIdOf(text: string): string {
  const m = /\/\/# debugId=([0-9a-f-]{36})/.exec(text);
  if (!m) throw new Error('no debug ID injected');
  return m[1];
}

/**
 * A shop's front end as a team writes it (#29): event handlers, a small function terser inlines into its only caller,
 * an async function whose rejection nobody handles, a class method. `window.shop` exposes the handlers for tests.
 */
export const SHOP_SOURCE = `function lookupProfile(id) {
  return { id: id, name: undefined };
}

function loadProfile(id) {
  const profile = lookupProfile(id);
  return profile.name.toUpperCase();
}

export function onBuy() {
  document.title = loadProfile(42);
}

async function fetchCart(id) {
  await Promise.resolve(id);
  throw new Error('cart ' + id + ' unavailable');
}

export function onCart() {
  fetchCart(7);
}

class Checkout {
  pay(amount) {
    if (amount > 0) throw new TypeError('card declined');
  }
}

export function onPay() {
  new Checkout().pay(10);
}

document.getElementById('buy').addEventListener('click', onBuy);
document.getElementById('cart').addEventListener('click', onCart);
document.getElementById('pay').addEventListener('click', onPay);
`;

/** Builds SHOP_SOURCE with webpack 5 (production: terser) or rollup 4 + terser, minified with a hashed name and its map. */
export async function buildShop(bundler: 'webpack' | 'rollup'): Promise<{ dir: string; dist: string; file: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tracker-${bundler}-`));
  fs.mkdirSync(path.join(dir, 'src'));
  const entry = path.join(dir, 'src', 'shop.js');
  fs.writeFileSync(entry, SHOP_SOURCE);
  const dist = path.join(dir, 'dist');
  if (bundler === 'webpack') {
    const { default: webpack } = await import('webpack');
    await new Promise<void>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './src/shop.js',
          devtool: 'source-map',
          output: { path: dist, filename: 'shop.[contenthash].js' },
        },
        (err, stats) => (err || stats?.hasErrors() ? reject(err ?? new Error(stats!.toString())) : resolve()),
      ),
    );
  } else {
    const { rollup } = await import('rollup');
    const { default: terser } = await import('@rollup/plugin-terser');
    const bundle = await rollup({ input: entry, plugins: [terser()] });
    await bundle.write({ dir: dist, format: 'iife', name: 'shop', sourcemap: true, entryFileNames: 'shop-[hash].js' });
    await bundle.close();
  }
  const file = fs.readdirSync(dist).find((f) => f.endsWith('.js'))!;
  return { dir, dist, file };
}
