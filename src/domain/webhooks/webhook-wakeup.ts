import { Injectable } from '@nestjs/common';

/** Tells this process's dispatcher that a delivery was just written, so it need not wait. */
@Injectable()
export class WebhookWakeup {
  private listener?: () => void;

  now(): void {
    this.listener?.();
  }

  onWake(listener: () => void): void {
    this.listener = listener;
  }
}
