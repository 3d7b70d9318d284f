import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { CaptureDrain } from './capture-drain';
import { CaptureQueue } from '../queue/capture-queue';

/** An API process's shutdown: its capture queue drained (in scale-out it renders nothing). */
@Injectable()
export class CaptureShutdown implements BeforeApplicationShutdown {
  constructor(
    private readonly drain: CaptureDrain,
    private readonly queue: CaptureQueue,
  ) {}

  beforeApplicationShutdown(): Promise<void> {
    return this.drain.drain(this.queue);
  }
}
