import type { ColumnOptions } from 'typeorm';

/*
 * Columns more than one table holds, defined once: who owns an email (emails, and each usage
 * record, which keeps them after the email expires) and which configuration a capture is
 * (captures, and its usage record). A change of type or length is made here for all of them.
 */

/** The owner of an email, as the email and its usage records hold it. */
export const OWNER_COLUMNS = {
  accountId: { name: 'account_id', type: 'varchar', length: 36 },
  applicationId: { name: 'application_id', type: 'varchar', length: 36 },
  userId: { name: 'user_id', type: 'varchar', length: 36, nullable: true },
  endUserId: { name: 'end_user_id', type: 'varchar', length: 64, nullable: true },
} satisfies Record<string, ColumnOptions>;

/** A capture's email and configuration, as the capture and its usage record hold them. */
export const CONFIGURATION_COLUMNS = {
  emailId: { name: 'email_id', type: 'varchar', length: 36 },
  client: { type: 'varchar', length: 40 },
  images: { type: 'varchar', length: 16 },
  orientation: { type: 'varchar', length: 16 },
} satisfies Record<string, ColumnOptions>;
