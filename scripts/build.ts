import { build } from '../lib/runtime/build';
import { bundleServer } from './server-bundle.mjs';

build();
// The server bundle `npm start` runs (scripts/start.mjs), made now too: an image whose node_modules is read-only at run
// time starts from it.
await bundleServer({ root: process.cwd() });
