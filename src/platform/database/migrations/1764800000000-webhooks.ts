import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { portable } from './portable-columns';

/** Webhooks per application, their deliveries (the outbox), and prefetch batches. */
export class Webhooks1764800000000 implements MigrationInterface {
  name = 'Webhooks1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const column = portable(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'webhooks',
        columns: [
          column.id(),
          column.ref('application_id'),
          column.text('url'),
          column.text('events'),
          column.text('secret_sealed'),
          column.date('created_at'),
          column.date('failing_since', true),
          column.date('disabled_at', true),
          column.text('disabled_reason', true),
        ],
        indices: [
          new TableIndex({ name: 'ix_webhooks_application', columnNames: ['application_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'webhook_deliveries',
        columns: [
          { ...column.varchar('id', 40), isPrimary: true },
          column.ref('webhook_id'),
          column.varchar('event_type', 40),
          column.text('payload'),
          column.varchar('status', 12),
          column.integer('attempts'),
          column.date('next_attempt_at'),
          column.date('lease_until', true),
          column.integer('last_status', true),
          column.text('last_error', true),
          column.date('created_at'),
          column.date('delivered_at', true),
        ],
        indices: [
          new TableIndex({
            name: 'ix_webhook_deliveries_due',
            columnNames: ['status', 'next_attempt_at'],
          }),
          new TableIndex({
            name: 'ix_webhook_deliveries_webhook',
            columnNames: ['webhook_id', 'created_at'],
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'prefetch_batches',
        columns: [
          column.id(),
          column.ref('email_id'),
          column.ref('application_id'),
          column.varchar('end_user_id', 64, true),
          column.text('configurations'),
          column.date('created_at'),
          column.date('completed_at', true),
        ],
        indices: [
          new TableIndex({
            name: 'ix_prefetch_batches_email',
            columnNames: ['email_id', 'completed_at'],
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('prefetch_batches');
    await queryRunner.dropTable('webhook_deliveries');
    await queryRunner.dropTable('webhooks');
  }
}
