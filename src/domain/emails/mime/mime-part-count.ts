import { Splitter } from '@zone-eu/mailsplit';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

class TooManyParts extends Error {}

/**
 * Counts the MIME nodes of a raw message with mailsplit (the splitter mailparser itself
 * uses), streaming and stopping past `limit`, before the full parse stores every part.
 * Rejects with mailsplit's error for malformed input (a header over its size limit).
 */
export async function mimePartsExceed(raw: string, limit: number): Promise<boolean> {
  let parts = 0;
  const counter = new Writable({
    objectMode: true,
    write(chunk: { type: string }, _encoding, done) {
      if (chunk.type === 'node' && ++parts > limit) return done(new TooManyParts());
      done();
    },
  });
  try {
    await pipeline(
      Readable.from([raw]),
      new Splitter() as unknown as NodeJS.ReadWriteStream,
      counter,
    );
    return false;
  } catch (error) {
    if (error instanceof TooManyParts) return true;
    throw error;
  }
}
