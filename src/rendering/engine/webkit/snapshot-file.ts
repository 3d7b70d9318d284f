import { constants } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import type { LentBuffer } from './snapshot-buffers';
import { snapshotBuffers } from './snapshot-buffers';

/**
 * A snapshot the renderer wrote to a file of its folder (raw pixels, `bytes` long), read into
 * a lent buffer, and the file deleted. A file, not the renderer's pipe: tens of MB through a
 * pipe arrive as a thousand 64 KB chunks, each a new buffer to the service's heap; measured on
 * IPHONE15 (58 MB of pixels) the service spent 465 ms of CPU per capture with the pipe, 275
 * with the file. The service may run as root and the folder is the engine's: the file is
 * opened without following links, and must be a plain file of its own, of the size said.
 */
export async function readSnapshot(path: string, bytes: number): Promise<LentBuffer> {
  try {
    const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const stat = await handle.stat();
      if (!stat.isFile() || stat.nlink !== 1 || stat.size !== bytes)
        throw new Error(`WebKit's snapshot file is not the ${bytes}-byte file it said`);
      const lent = snapshotBuffers.lend(bytes);
      try {
        let filled = 0;
        while (filled < bytes) {
          const { bytesRead } = await handle.read(lent.bytes, filled, bytes - filled, filled);
          if (bytesRead === 0) throw new Error("WebKit's snapshot file ended early");
          filled += bytesRead;
        }
        return lent;
      } catch (error) {
        lent.giveBack();
        throw error;
      }
    } finally {
      await handle.close();
    }
  } finally {
    await rm(path, { force: true });
  }
}
