import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { captureError } from '../captures/state/capture-attempt';
import type { CaptureConfiguration } from '../captures/state/capture-configuration';
import { CaptureStateMachine } from '../captures/state/capture-state-machine';
import { Clock } from '../../platform/config/clock';
import { EventsHub } from '../../platform/events/events-hub';
import type { BatchStarted } from '../../platform/events/service-event';
import type { PrefetchBatch } from './prefetch-batch.entity';
import { PrefetchBatchRepository } from './prefetch-batch.repository';

/**
 * prefetch.completed: the configurations of one POST or prefetch call are remembered, and
 * each capture of the email that ends checks whether its batches have all ended. A batch
 * is completed by one conditional update, so one event whatever process sees the last end.
 * At boot every open batch is checked once: its last capture may have ended in a process
 * that died before it checked.
 */
@Injectable()
export class PrefetchBatches implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(PrefetchBatches.name);

  constructor(
    private readonly events: EventsHub,
    private readonly batches: PrefetchBatchRepository,
    private readonly captures: CaptureStateMachine,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.events.onBatchStarted((batch) => this.open(batch));
    this.events.subscribe(async (event) => {
      if (event.type === 'capture.completed' || event.type === 'capture.failed')
        await this.check(event.emailGuid);
    });
  }

  onApplicationBootstrap(): void {
    void this.checkOpen().catch((error: Error) =>
      this.logger.warn(`open prefetch batches not checked: ${error.message}`),
    );
  }

  private async checkOpen(): Promise<void> {
    for (const emailId of await this.batches.emailsWithOpen()) await this.check(emailId);
  }

  private async open(started: BatchStarted): Promise<void> {
    await this.batches.insert({
      id: randomUUID(),
      emailId: started.emailGuid,
      applicationId: started.applicationId,
      endUserId: started.endUserId,
      configurations: started.configurations,
      createdAt: this.clock.now(),
      completedAt: null,
    });
    // Captured already, or ended before the batch was written: checked now.
    await this.check(started.emailGuid);
  }

  private async check(emailId: string): Promise<void> {
    for (const batch of await this.batches.openOf(emailId)) {
      const outcomes = await this.outcomes(batch);
      if (!outcomes) continue;
      const now = this.clock.now();
      if (!(await this.batches.complete(batch.id, now))) continue;
      this.events.publish({
        type: 'prefetch.completed',
        timestamp: now.toISOString(),
        applicationId: batch.applicationId,
        emailGuid: batch.emailId,
        data: { email_guid: batch.emailId, end_user_id: batch.endUserId, outcomes },
      });
    }
  }

  /** Each configuration's outcome, or null while one has not ended. */
  private async outcomes(batch: PrefetchBatch) {
    const outcomes = [];
    for (const configuration of batch.configurations) {
      const capture = await this.captures.find(
        batch.emailId,
        configuration as CaptureConfiguration,
      );
      if (!capture || capture.status === 'pending') return null;
      // Handed back by a restart or shutdown: CaptureRecovery starts another attempt, and
      // the batch waits for its outcome rather than reporting the interruption. (A capture
      // the queue refused for its load waits for a request, so that refusal is its outcome.)
      if (capture.status === 'failed' && capture.failure === 'interrupted') return null;
      if (capture.status === 'captured') {
        outcomes.push({ ...configuration, status: 200 });
        continue;
      }
      const error =
        capture.status === 'purged' || !capture.failure
          ? captureError({ status: 'failed', failure: 'email-expired', error: 'purged' })
          : captureError(
              { status: 'failed', failure: capture.failure, error: capture.error ?? '' },
              configuration.client,
            );
      outcomes.push({ ...configuration, status: error.getStatus(), description: error.message });
    }
    return outcomes;
  }
}
