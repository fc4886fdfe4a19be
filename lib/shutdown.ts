import { closePool } from '@/lib/pg';
import { logger } from '@/lib/log';

type Hook = () => Promise<void>;
// On globalThis: the start script and Next's server bundle load separate copies of this module.
const g = globalThis as unknown as { trackerShutdownHooks?: Hook[] };
const hooks = (g.trackerShutdownHooks ??= []);

/** Background services (job queue, batchers) register how to stop; shutdown runs them, then closes the pool. */
export function onShutdown(hook: Hook): void {
  hooks.push(hook);
}

export async function shutdownBackground(): Promise<void> {
  for (const hook of [...hooks].reverse()) await hook().catch((err) => logger.error({ err }, 'shutdown hook failed'));
  await closePool();
}
