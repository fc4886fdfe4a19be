export { MAX_BODY_BYTES } from '@/lib/envelope/decode-body';

/**
 * Reads a request body, or returns null as soon as it is known to exceed `cap` bytes: from Content-Length
 * before reading, else while streaming (a chunked or lying client cannot make us buffer more). `inspect` sees each
 * chunk as it arrives and may throw to stop the read at once (the rest is not read).
 */
export async function readCappedBody(
  req: Request,
  cap: number,
  inspect?: (chunk: Buffer) => void,
): Promise<Buffer | null> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) {
    await req.body?.cancel().catch(() => {});
    return null;
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
    if (inspect) {
      try {
        inspect(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      } catch (err) {
        await reader.cancel().catch(() => {});
        throw err;
      }
    }
  }
  return Buffer.concat(chunks, size);
}
