import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `check` every 50 ms until it holds; throws after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(50);
  }
}
