import type { Readable, Writable } from 'node:stream';

/** A reply of the WebKit renderer: its header, and the bytes that followed it, if any. */
export interface RendererReply {
  header: Record<string, unknown> & { seq?: number; ok?: boolean; error?: string; crash?: boolean };
  payload?: Buffer;
}

export class RendererRequestError extends Error {
  constructor(
    message: string,
    /** The web process of the capture went away under the request. */
    readonly crash: boolean,
  ) {
    super(message);
  }
}

/**
 * The framing webkit-renderer.py speaks over its two pipes: a 4-byte big-endian length, a
 * JSON header, then `size` bytes when the header says so. Each request gets one reply with
 * its `seq`; the first message, `ready`, has none.
 */
export class RendererChannel {
  private seq = 0;
  private readonly pending = new Map<
    number,
    { resolve: (reply: RendererReply) => void; reject: (error: Error) => void }
  >();
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private closedWith?: Error;
  readonly ready: Promise<RendererReply['header']>;
  private onReady?: (header: RendererReply['header']) => void;

  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    this.ready = new Promise((resolve) => (this.onReady = resolve));
    output.on('data', (chunk: Buffer) => this.receive(chunk));
    // Writes after the renderer is gone fail the requests, not the service.
    input.on('error', () => undefined);
  }

  request(header: Record<string, unknown>, payload?: Buffer): Promise<RendererReply> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const seq = ++this.seq;
    const json = Buffer.from(JSON.stringify({ ...header, seq, size: payload?.length ?? 0 }));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    return new Promise<RendererReply>((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      this.input.write(
        payload ? Buffer.concat([length, json, payload]) : Buffer.concat([length, json]),
      );
    }).then((reply) => {
      if (reply.header.error !== undefined)
        throw new RendererRequestError(String(reply.header.error), reply.header.crash === true);
      return reply;
    });
  }

  /** Fails every request under way, and every later one, with `error`. */
  close(error: Error): void {
    this.closedWith ??= error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  /** The frame being received: its header once read, and how many bytes it takes in all. */
  private frame?: { header: RendererReply['header']; headerBytes: number; total: number };

  private receive(chunk: Buffer): void {
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    for (;;) {
      if (!this.frame) {
        if (this.bufferedBytes < 4) return;
        const length = this.joined().readUInt32BE(0);
        if (this.bufferedBytes < 4 + length) return;
        const header = JSON.parse(
          this.joined()
            .subarray(4, 4 + length)
            .toString(),
        ) as RendererReply['header'];
        const size = typeof header.size === 'number' ? header.size : 0;
        this.frame = { header, headerBytes: 4 + length, total: 4 + length + size };
      }
      // A snapshot arrives in many chunks: they are joined once, when all are in.
      if (this.bufferedBytes < this.frame.total) return;
      const data = this.joined();
      const { header, headerBytes, total } = this.frame;
      const payload = total > headerBytes ? data.subarray(headerBytes, total) : undefined;
      const rest = data.subarray(total);
      this.buffered = rest.length > 0 ? [rest] : [];
      this.bufferedBytes = rest.length;
      this.frame = undefined;
      this.dispatch({ header, payload });
    }
  }

  /** The buffered chunks as one Buffer. */
  private joined(): Buffer {
    if (this.buffered.length > 1) this.buffered = [Buffer.concat(this.buffered)];
    return this.buffered[0];
  }

  private dispatch(reply: RendererReply): void {
    if (reply.header.ready) return this.onReady?.(reply.header);
    const seq = reply.header.seq as number;
    const waiting = this.pending.get(seq);
    this.pending.delete(seq);
    waiting?.resolve(reply);
  }
}
