// `npm start`: bundles the server's TypeScript (scripts/start.ts and the lib modules it imports) with esbuild, then
// runs the bundle in this process, with no TypeScript loader left in it (scripts/server-bundle.mjs). `npm run dev`
// still runs scripts/start.ts through tsx, and so does `npm start` where the bundle cannot be written.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleServer } from './server-bundle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// Before the bundle's imports load: packages that choose a build by it when loaded (React's, for the emails) take the
// production one, as they did not when scripts/start.ts set it in its body.
process.env.NODE_ENV = process.argv.includes('--dev') ? 'development' : 'production';
let server;
try {
  server = await bundleServer({ root: path.dirname(here) });
} catch (err) {
  // A read-only install (node_modules/.cache not writable, no bundle made by `npm run build`) still starts.
  const reason = err instanceof Error ? err.message : String(err);
  console.error(`[tracker] could not bundle the server (${reason}): running it through tsx instead`);
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(here, 'start.ts')).href);
}
if (server) await import(pathToFileURL(server).href);
