import { randomUUID } from 'node:crypto';
import type { UsageRecord } from '../../src/domain/billing/usage-record.entity';

/** A usage row of one account and application, billable in OL2019 unless told otherwise. */
export function usageRecord(
  endUserId: string | null,
  at: string,
  fields: Partial<UsageRecord> = {},
): Partial<UsageRecord> {
  return {
    id: randomUUID(),
    captureId: randomUUID(),
    accountId: 'account-1',
    applicationId: 'application-1',
    userId: null,
    endUserId,
    emailId: randomUUID(),
    client: 'OL2019',
    images: 'allowed',
    orientation: 'vertical',
    capturedAt: new Date(at),
    billable: true,
    ...fields,
  };
}
