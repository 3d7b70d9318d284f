import { mkdtempSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SnapshotBuffers } from '../../../../../src/rendering/engine/webkit/snapshot-buffers';
import { readSnapshot } from '../../../../../src/rendering/engine/webkit/snapshot-file';

describe('SnapshotBuffers: memory for snapshots, used again', () => {
  it('lends the smallest waiting buffer that holds the bytes, and a new one when none does', () => {
    const buffers = new SnapshotBuffers(2, 60_000);
    const first = buffers.lend(1000);
    expect(first.bytes.length).toBe(1000);
    first.bytes.fill(7);
    first.giveBack();
    first.giveBack(); // twice is once
    expect(buffers.waiting).toBe(1);
    const again = buffers.lend(500);
    expect(again.bytes.length).toBe(500);
    expect(again.bytes[0]).toBe(7); // the same memory
    expect(buffers.waiting).toBe(0);
    // While it is lent, another snapshot gets memory of its own.
    const other = buffers.lend(500);
    other.bytes.fill(1);
    expect(again.bytes[0]).toBe(7);
    again.giveBack();
    other.giveBack();
  });

  it('keeps at most `keep` buffers waiting, the largest, and none once idle', async () => {
    const buffers = new SnapshotBuffers(2, 50);
    const lent = [10, 20_000_000, 30].map((size) => buffers.lend(size));
    for (const each of lent) each.giveBack();
    expect(buffers.waiting).toBe(2);
    expect(buffers.lend(17_000_000).bytes.length).toBe(17_000_000); // the large one, kept
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(buffers.waiting).toBe(0);
  });
});

describe("readSnapshot: the renderer's snapshot file", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'snapshot-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the pixels, then deletes the file', async () => {
    const path = join(dir, 'snapshot-a.rgb');
    const pixels = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    writeFileSync(path, pixels);
    const lent = await readSnapshot(path, pixels.length);
    expect(lent.bytes.equals(pixels)).toBe(true);
    lent.giveBack();
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a link (the service may run as root: it reads no file the engine points at)', async () => {
    const secret = join(dir, 'secret');
    writeFileSync(secret, 'not pixels');
    const path = join(dir, 'snapshot-b.rgb');
    symlinkSync(secret, path);
    await expect(readSnapshot(path, 10)).rejects.toThrow();
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a file of another size than the renderer said', async () => {
    const path = join(dir, 'snapshot-c.rgb');
    writeFileSync(path, Buffer.alloc(99));
    await expect(readSnapshot(path, 100)).rejects.toThrow(/not the 100-byte file/);
    expect(existsSync(path)).toBe(false);
  });
});
