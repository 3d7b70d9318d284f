/**
 * The one source of "now". Injected by this abstract class; tests swap in a
 * controllable clock so expiry is tested by moving time, never by sleeping.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that only moves when told to; for tests and for `--now` audits. */
export class ManualClock extends Clock {
  constructor(private current: Date = new Date()) {
    super();
  }
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(instant: Date): void {
    this.current = new Date(instant.getTime());
  }
  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}
