import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { loadMallocTrim, startMallocTrim, trimIntervalSeconds } from './malloc-trim';

describe('trimIntervalSeconds', () => {
  it.each([
    [undefined, 5],
    ['', 5],
    [' ', 5],
    ['0', 0],
    ['1', 1],
    ['30', 30],
    ['0.5', 5],
    ['-1', 5],
    ['soon', 5],
  ])('MALLOC_TRIM_INTERVAL_SECONDS=%j gives %d', (value, seconds) => {
    expect(trimIntervalSeconds(value)).toBe(seconds);
  });
});

// Where there is glibc (this machine, CI, most Linux boxes); elsewhere the module does nothing.
const glibc = process.platform === 'linux' && Boolean(glibcVersion());
function glibcVersion(): string | undefined {
  return (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
}

describe.runIf(glibc)('malloc_trim', () => {
  const rssMb = () => process.memoryUsage().rss / 1048576;

  it('gives memory freed in the middle of the heap back to the OS', async () => {
    const trim = loadMallocTrim();
    expect(trim).toBeTypeOf('function');
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    // 40,000 blocks of 1 KB, each its own malloc; keeping one in 32 leaves runs of free pages between live blocks,
    // below the top of the heap, which a plain free() keeps.
    let blocks: (Buffer | null)[] = Array.from({ length: 40_000 }, () => Buffer.allocUnsafeSlow(1000).fill(1));
    for (let i = 0; i < blocks.length; i++) if (i % 32 !== 31) blocks[i] = null;
    gc();
    await new Promise((r) => setTimeout(r, 200)); // V8 frees array buffers' memory on a background thread
    const before = rssMb();
    trim!(0);
    const after = rssMb();
    expect(before - after).toBeGreaterThan(10);
    blocks = [];
  });

  it('trims at start, then after each quiet interval but not after a busy one; not at all with an interval of 0', async () => {
    expect(startMallocTrim(0)).toMatchObject({ running: false });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const t = startMallocTrim(1);
    try {
      expect(t.running).toBe(true);
      expect(t.trims()).toBe(1);
      await vi.waitFor(() => expect(t.trims()).toBe(2), { timeout: 3000, interval: 20 }); // after a quiet second
      for (const end = Date.now() + 1100; Date.now() < end;); // a busy one
      await sleep(50);
      expect(t.trims()).toBe(2);
    } finally {
      t.stop();
    }
  });
});
