import type { Readable, Writable } from 'node:stream';

/** A reply of the WebKit renderer: its JSON header. */
export interface RendererReply {
  header: Record<string, unknown> & { seq?: number; ok?: boolean; error?: string; crash?: boolean };
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
 * The framing webkit-renderer.py speaks over its two pipes: a 4-byte big-endian length and a
 * JSON header; a request's header with `size` is followed by that many bytes (an email and its
 * stored copies). Each request gets one reply with its `seq`; the first message, `ready`, has
 * none.
 */
export class RendererChannel {
  private seq = 0;
  private readonly pending = new Map<
    number,
    { resolve: (reply: RendererReply) => void; reject: (error: Error) => void }
  >();
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

  /** Bytes of frames not yet complete. */
  private head: Buffer = Buffer.alloc(0);

  /** Replies are headers alone: a snapshot's pixels come through a file (snapshot-file.ts). */
  private receive(chunk: Buffer): void {
    this.head = this.head.length ? Buffer.concat([this.head, chunk]) : chunk;
    while (this.head.length >= 4) {
      const length = this.head.readUInt32BE(0);
      if (this.head.length < 4 + length) return;
      const header = JSON.parse(
        this.head.subarray(4, 4 + length).toString(),
      ) as RendererReply['header'];
      this.head = this.head.subarray(4 + length);
      this.dispatch({ header });
    }
  }

  private dispatch(reply: RendererReply): void {
    if (reply.header.ready) return this.onReady?.(reply.header);
    const seq = reply.header.seq as number;
    const waiting = this.pending.get(seq);
    this.pending.delete(seq);
    waiting?.resolve(reply);
  }
}
