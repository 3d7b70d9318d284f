import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../domain/applications/applications.module';
import { EmailStoreModule } from '../domain/emails/email-store.module';
import { IntakeModule } from '../domain/intake/intake.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { SmtpIntakeListener } from './smtp-intake.listener';

/** The SMTP surface: intake only, in the API process (SMTP_PORT). */
@Module({
  imports: [ApplicationsModule, EmailStoreModule, IntakeModule, ThrottlingModule],
  providers: [SmtpIntakeListener],
})
export class SmtpIntakeModule {}
