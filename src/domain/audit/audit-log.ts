import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { KeysetWindow, mapPage } from '../../base/paging/cursor';
import { Clock } from '../../platform/config/clock';
import { AuditEvent } from './audit-event.entity';
import { AuditEventRepository, AuditFilter } from './audit-event.repository';

/** Who acts: the staff key and the address the request came from. */
export interface Actor {
  staffKeyId: string;
  staffKeyName: string;
  address: string;
}

export interface AuditEntry {
  action: string;
  target: { type: string; id: string };
  /** Plain descriptions of the target: callers pass views, which hold no secret. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Fields that must never reach the log, whatever a caller passes. */
const SECRET_FIELDS = /secret|api_key|password|key_hash|token/i;

function withoutSecrets(view: Record<string, unknown> | null | undefined) {
  if (!view) return null;
  return Object.fromEntries(Object.entries(view).filter(([name]) => !SECRET_FIELDS.test(name)));
}

/** The admin audit log (GET /v1/admin/audit): every admin action, stored as it happens. */
@Injectable()
export class AuditLog {
  constructor(
    private readonly events: AuditEventRepository,
    private readonly clock: Clock,
  ) {}

  async record(actor: Actor, entry: AuditEntry): Promise<void> {
    const at = this.clock.now();
    await this.events.insert({
      id: this.sortableId(at),
      at,
      staffKeyId: actor.staffKeyId,
      staffKeyName: actor.staffKeyName,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      before: withoutSecrets(entry.before),
      after: withoutSecrets(entry.after),
      address: actor.address.slice(0, 64),
    });
  }

  private last = 0;
  private counter = 0;

  /**
   * An id that sorts as the events were recorded: the time, a counter within one millisecond
   * (a stopped test clock records many), then randomness, so the log reads in order.
   */
  private sortableId(at: Date): string {
    const ms = at.getTime();
    this.counter = ms === this.last ? this.counter + 1 : 0;
    this.last = ms;
    const time = ms.toString(16).padStart(12, '0');
    return `${time}-${this.counter.toString(16).padStart(4, '0')}-${randomUUID().slice(19)}`;
  }

  async page(filter: AuditFilter, page: number, perPage: number) {
    const [rows, total] = await this.events.page(filter, (page - 1) * perPage, perPage);
    return { total, page, per_page: perPage, events: rows.map(eventView) };
  }

  /** The events page() pages, a keyset window at a time (newest first). */
  async after(filter: AuditFilter, window: KeysetWindow) {
    return mapPage(await this.events.after(filter, window), eventView);
  }
}

function eventView(event: AuditEvent) {
  return {
    id: event.id,
    at: event.at.toISOString(),
    staff_key: { id: event.staffKeyId, name: event.staffKeyName },
    action: event.action,
    target: { type: event.targetType, id: event.targetId },
    before: event.before,
    after: event.after,
    address: event.address,
  };
}
