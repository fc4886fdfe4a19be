// `npm start`: bundles the server's TypeScript (scripts/start.ts and the lib modules it imports) with esbuild, then
// runs the bundle in this process, with no TypeScript loader left in it (scripts/server-bundle.mjs). `npm run dev`
// still runs scripts/start.ts through tsx.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleServer } from './server-bundle.mjs';

const root = path.dirname(import.meta.dirname);
let server;
try {
  server = await bundleServer({ root });
} catch (err) {
  console.error('[tracker] failed to start: could not bundle the server:', err instanceof Error ? err.message : err);
  process.exit(1);
}
// Before the bundle's imports load: packages that choose a build by it when loaded (React's, for the emails) take the
// production one, as they did not when scripts/start.ts set it in its body.
process.env.NODE_ENV = process.argv.includes('--dev') ? 'development' : 'production';
await import(pathToFileURL(server).href);
