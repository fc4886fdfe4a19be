// glibc's malloc keeps memory that was freed in the middle of its heaps: only a free block at the top of a heap goes
// back to the operating system by itself. The server's native side (V8's compilers and zones, Node's buffers, pg, the
// libuv threads) frees that way all day, so an idle server held 15–20 MB it no longer used (#65: `malloc_trim(0)`
// called through gdb on an idle server took its PSS from 192 to 176 MB). Node has no API for it, so `npm start` calls
// glibc's `malloc_trim` through koffi, a foreign-function library with prebuilt binaries, after each quiet spell.
// Elsewhere (musl, macOS, Windows, or koffi missing) it does nothing.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { logger } from '@/lib/log';
import { onShutdown } from '@/lib/shutdown';

type Trim = (pad: number) => number;

/** glibc's `malloc_trim`, or null where there is none. */
export function loadMallocTrim(): Trim | null {
  if (process.platform !== 'linux') return null;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
  } catch (err) {
    logger.debug({ err }, '[memory] no malloc_trim here: freed memory stays with malloc');
    return null;
  }
}

/**
 * The seconds between two trims: MALLOC_TRIM_INTERVAL_SECONDS, 5 by default; 0 turns trimming off. A value that is
 * not a number of seconds at least 1 (or 0) falls back to the default.
 */
export function trimIntervalSeconds(value = process.env.MALLOC_TRIM_INTERVAL_SECONDS): number {
  if (value === undefined || value.trim() === '') return 5;
  const n = Number(value);
  return n === 0 || (Number.isFinite(n) && n >= 1) ? n : 5;
}

/** Busier than this share of the last interval (event loop utilization), the memory freed is about to be reused. */
export const QUIET_UTILIZATION = 0.2;

/**
 * Gives the memory malloc holds free back to the operating system now, and then after every `seconds` (an unref'd
 * timer: it never keeps the process alive) in which the event loop was busy less than QUIET_UTILIZATION of the time.
 * Under load the memory freed is reused at once, so giving it back would only cost page faults. The timer stops with
 * the other background services (lib/shutdown). Returns whether trimming runs here, how many trims ran, and a function
 * that stops it.
 */
export function startMallocTrim(seconds = trimIntervalSeconds()): {
  running: boolean;
  trims: () => number;
  stop: () => void;
} {
  const trim = seconds > 0 ? loadMallocTrim() : null;
  if (!trim) return { running: false, trims: () => 0, stop: () => {} };
  let trims = 0;
  const run = () => {
    trim(0);
    trims++;
  };
  run();
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    if (performance.eventLoopUtilization(now, last).utilization < QUIET_UTILIZATION) run();
    last = now;
  }, seconds * 1000);
  timer.unref();
  const stop = () => clearInterval(timer);
  onShutdown(async () => stop());
  return { running: true, trims: () => trims, stop };
}
