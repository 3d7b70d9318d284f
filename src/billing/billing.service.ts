import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { UsageRecord } from './usage-record.entity';

export interface CompletedCapture {
  captureId: string;
  accountId: string;
  applicationId: string;
  userId: string | null;
  endUserId: string | null;
  emailId: string;
  client: string;
  images: string;
  orientation: string;
  capturedAt: Date;
}

@Injectable()
export class BillingService {
  /**
   * Records the billable usage of a first capture, inside the transaction that marks the
   * capture captured, so the two happen together or not at all.
   */
  async recordCapture(manager: EntityManager, capture: CompletedCapture): Promise<void> {
    await manager.insert(UsageRecord, { id: randomUUID(), ...capture, billable: true });
  }
}
