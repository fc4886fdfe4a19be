// Hostile archives for the upload tests and bench:abuse: deflated zeros (never held whole) and zips whose
// entries declare whatever size the attacker likes.
import zlib from 'node:zlib';

const MB = 1024 * 1024;

/** `mib` MiB of zeros, deflated raw chunk by chunk (the input never exists whole). */
export async function deflatedZeros(mib: number): Promise<Buffer> {
  const d = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  d.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((r) => d.on('end', r));
  const zeros = Buffer.alloc(MB);
  for (let i = 0; i < mib; i++) if (!d.write(zeros)) await new Promise((r) => d.once('drain', r));
  d.end();
  await done;
  return Buffer.concat(out);
}

/** A zip of `entries` (deflated data given), each declaring `declaredSize` as its inflated size. */
export function zipOf(
  entries: { name: string; data: Buffer }[],
  declaredSize: (e: { data: Buffer }) => number,
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(declaredSize(e), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(declaredSize(e), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
