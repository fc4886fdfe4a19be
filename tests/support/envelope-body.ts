// Sentry envelope bodies as the tests send them to /api/<n>/envelope/.

/** JSON items, one line each and without lengths, as the SDKs write small envelopes. */
export function jsonEnvelope(items: { type: string; payload: unknown }[], header: object = {}): string {
  return [
    JSON.stringify(header),
    ...items.flatMap((i) => [JSON.stringify({ type: i.type }), JSON.stringify(i.payload)]),
  ].join('\n');
}

/** Items of any bytes (attachments, replay recordings), each header carrying its payload's length. */
export function envelopeWithLengths(
  header: object,
  items: { header: Record<string, unknown>; payload: string | Buffer | object }[],
): Buffer {
  const parts: Buffer[] = [Buffer.from(`${JSON.stringify(header)}\n`)];
  for (const i of items) {
    const payload = Buffer.isBuffer(i.payload)
      ? i.payload
      : Buffer.from(typeof i.payload === 'string' ? i.payload : JSON.stringify(i.payload));
    parts.push(Buffer.from(`${JSON.stringify({ ...i.header, length: payload.length })}\n`), payload, Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}
