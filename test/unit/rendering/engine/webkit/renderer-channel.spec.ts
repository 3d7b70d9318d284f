import { PassThrough } from 'node:stream';
import { RendererChannel } from '../../../../../src/rendering/engine/webkit/renderer-channel';

/** A frame as webkit-renderer.py writes it: length, JSON header, then `size` bytes. */
function frame(header: Record<string, unknown>, payload?: Buffer): Buffer {
  const json = Buffer.from(JSON.stringify({ ...header, size: payload?.length ?? 0 }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, ...(payload ? [payload] : [])]);
}

function channel() {
  const output = new PassThrough();
  const sent = new PassThrough();
  return { channel: new RendererChannel(sent, output), output };
}

const pixels = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed) % 251));

describe("RendererChannel: the WebKit renderer's framing", () => {
  it('hands each reply to its request, whatever the chunks: byte by byte, or several frames in one', async () => {
    const { channel: c, output } = channel();
    const first = c.request({ op: 'snapshot' });
    const second = c.request({ op: 'call' });
    const third = c.request({ op: 'snapshot' });
    const bytes = Buffer.concat([
      frame({ ready: true }),
      frame({ seq: 2, ok: true, value: 'v' }),
      frame({ seq: 1, ok: true }, pixels(70_000, 1)),
      frame({ seq: 3, ok: true }, pixels(5, 2)),
    ]);
    // Byte by byte for the first half, then the rest in one chunk.
    const half = Math.floor(bytes.length / 2);
    for (let i = 0; i < half; i++) output.write(bytes.subarray(i, i + 1));
    output.write(bytes.subarray(half));
    await expect(c.ready).resolves.toMatchObject({ ready: true });
    expect((await first).payload?.equals(pixels(70_000, 1))).toBe(true);
    expect((await second).header).toMatchObject({ value: 'v' });
    expect((await second).payload).toBeUndefined();
    expect((await third).payload?.equals(pixels(5, 2))).toBe(true);
  });

  it('fails a request whose reply carries an error, naming a crash as one', async () => {
    const { channel: c, output } = channel();
    const failing = c.request({ op: 'load' });
    output.write(frame({ seq: 1, error: 'web process gone', crash: true }));
    await expect(failing).rejects.toMatchObject({ message: 'web process gone', crash: true });
  });
});
