import packageJson from '@/package.json';

/** The running version (semver), from package.json's "version": the one source for /api/health, the footer and the start log. */
export const APP_VERSION: string = packageJson.version;
