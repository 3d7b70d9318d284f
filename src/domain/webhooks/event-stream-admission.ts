import { Injectable } from '@nestjs/common';
import { ApiError } from '../../base/errors/api-error';
import { AppConfig } from '../../platform/config/app-config';
import { tooManyRequests, waitSeconds } from '../../platform/throttling/too-many-requests';

/**
 * The event streams this process holds, counted per client address, per email and in all:
 * each holds a socket and a descriptor until its page leaves, and a process out of
 * descriptors cannot start a browser. A stream past a cap is refused before it opens: 429
 * past its address's (that client's own doing), 503 past its email's or the process's (busy
 * for everyone). Retry-After is the heartbeat interval: by the next heartbeat, the streams of
 * pages that left have been found gone and their places given back.
 */
@Injectable()
export class EventStreamAdmission {
  private open = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly byEmail = new Map<string, number>();

  constructor(private readonly config: AppConfig) {}

  /** Admits one stream, or throws the refusal; the function returned gives its place back. */
  admit(address: string, emailId: string): () => void {
    const { perAddress, perEmail, max, heartbeatMs } = this.config.eventStreams;
    if ((this.byAddress.get(address) ?? 0) >= perAddress)
      throw tooManyRequests(
        heartbeatMs,
        `At most ${perAddress} event streams may be open from one address`,
      );
    if ((this.byEmail.get(emailId) ?? 0) >= perEmail)
      throw unavailable(`this email has ${perEmail} event streams open already`, heartbeatMs);
    if (this.open >= max) throw unavailable('too many event streams are open', heartbeatMs);
    this.open++;
    add(this.byAddress, address, 1);
    add(this.byEmail, emailId, 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.open--;
      add(this.byAddress, address, -1);
      add(this.byEmail, emailId, -1);
    };
  }
}

function add(counts: Map<string, number>, key: string, change: number): void {
  const count = (counts.get(key) ?? 0) + change;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

function unavailable(why: string, retryMs: number): ApiError {
  return new ApiError(503, `Service Unavailable: ${why}, retry shortly`, {
    'Retry-After': String(waitSeconds(retryMs)),
  });
}
