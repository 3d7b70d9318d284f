import { PassThrough } from 'node:stream';
import { RendererChannel } from '../../../../../src/rendering/engine/webkit/renderer-channel';

/** A frame as webkit-renderer.py writes it: length, then its JSON header. */
function frame(header: Record<string, unknown>): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json]);
}

function channel() {
  const output = new PassThrough();
  const sent = new PassThrough();
  return { channel: new RendererChannel(sent, output), output, sent };
}

describe("RendererChannel: the WebKit renderer's framing", () => {
  it('hands each reply to its request, whatever the chunks: byte by byte, or several frames in one', async () => {
    const { channel: c, output } = channel();
    const first = c.request({ op: 'snapshot' });
    const second = c.request({ op: 'call' });
    const third = c.request({ op: 'snapshot' });
    const bytes = Buffer.concat([
      frame({ ready: true }),
      frame({ seq: 2, ok: true, value: 'v' }),
      frame({ seq: 1, ok: true, bytes: 70_000 }),
      frame({ seq: 3, ok: true, bytes: 5 }),
    ]);
    // Byte by byte for the first half, then the rest in one chunk.
    const half = Math.floor(bytes.length / 2);
    for (let i = 0; i < half; i++) output.write(bytes.subarray(i, i + 1));
    output.write(bytes.subarray(half));
    await expect(c.ready).resolves.toMatchObject({ ready: true });
    expect((await first).header).toMatchObject({ seq: 1, bytes: 70_000 });
    expect((await second).header).toMatchObject({ value: 'v' });
    expect((await third).header).toMatchObject({ seq: 3, bytes: 5 });
  });

  it('sends a request with its bytes after the header (an email and its stored copies)', async () => {
    const { channel: c, sent } = channel();
    void c.request({ op: 'load' }, Buffer.from('<p>hi</p>'));
    const written = sent.read() as Buffer;
    const length = written.readUInt32BE(0);
    expect(JSON.parse(written.subarray(4, 4 + length).toString())).toMatchObject({
      op: 'load',
      seq: 1,
      size: 9,
    });
    expect(written.subarray(4 + length).toString()).toBe('<p>hi</p>');
  });

  it('fails a request whose reply carries an error, naming a crash as one', async () => {
    const { channel: c, output } = channel();
    const failing = c.request({ op: 'load' });
    output.write(frame({ seq: 1, error: 'web process gone', crash: true }));
    await expect(failing).rejects.toMatchObject({ message: 'web process gone', crash: true });
  });
});
