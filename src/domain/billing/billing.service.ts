import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Transaction } from '../../platform/database/transaction';
import { UsageRecordRepository } from './usage-record.repository';

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
  constructor(private readonly records: UsageRecordRepository) {}

  /**
   * Records the billable usage of a first capture, inside the transaction that marks the
   * capture captured, so the two happen together or not at all.
   */
  async recordCapture(transaction: Transaction, capture: CompletedCapture): Promise<void> {
    await this.records.insert(transaction, { id: randomUUID(), ...capture, billable: true });
  }

  /** Billable captures per application id, all time. */
  capturesPerApplication(): Promise<Map<string, number>> {
    return this.records.capturesPerApplication();
  }
}
