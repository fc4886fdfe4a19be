// The types of scripts/server-bundle.mjs (plain JavaScript, so that `npm start` runs it without a loader).
/** Bundles `entry` (default scripts/start.ts) under `root` into `outDir` (default node_modules/.cache/tracker); the bundle's path. */
export declare function bundleServer(opts: { root: string; entry?: string; outDir?: string }): Promise<string>;
