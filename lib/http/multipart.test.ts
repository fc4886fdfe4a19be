import { describe, expect, it } from 'vitest';
import { parseMultipart } from './multipart';

/** What undici (the Fetch API) sends for a form: the bytes a real client puts on the wire. */
async function wire(form: FormData): Promise<{ body: Buffer; type: string }> {
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

describe('parseMultipart', () => {
  it('reads fields and files as a client sends them, the data as views of the body', async () => {
    const form = new FormData();
    form.append('url', '~/static/app.js.map');
    form.append('file', new Blob([Buffer.from('{"version":3}\r\n--not-a-boundary\r\n')]), 'a "quoted" name.map');
    form.append('file_gzip', new Blob([new Uint8Array([0, 13, 10, 45, 45, 255])]), 'abc');
    const { body, type } = await wire(form);
    const parts = parseMultipart(body, type, 8);
    expect(Array.isArray(parts)).toBe(true);
    if (!Array.isArray(parts)) return;
    expect(parts.map((p) => [p.name, p.filename, p.data.toString('latin1')])).toEqual([
      ['url', null, '~/static/app.js.map'],
      ['file', 'a %22quoted%22 name.map', '{"version":3}\r\n--not-a-boundary\r\n'],
      ['file_gzip', 'abc', '\u0000\r\n--\u00ff'],
    ]);
    expect(parts[1].data.buffer).toBe(body.buffer);
  });

  it.each([
    [
      'no boundary in the Content-Type',
      'multipart/form-data',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      null,
    ],
    [
      'no closing delimiter',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x\r\n',
      null,
    ],
    ['a part without headers', 'multipart/form-data; boundary=x', '--x\r\n1\r\n--x--\r\n', null],
    [
      'a part without a name',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data\r\n\r\n1\r\n--x--\r\n',
      null,
    ],
    [
      'more parts than allowed, refused while scanning',
      'multipart/form-data; boundary="x"',
      '--x\r\n\r\n\r\n'.repeat(5) + '--x--\r\n',
      'too_many',
    ],
  ])('%s', (_label, type, body, expected) => {
    expect(parseMultipart(Buffer.from(body), type, 3)).toBe(expected);
  });
});
