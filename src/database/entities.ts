import { Account } from '../applications/account.entity';
import { Application } from '../applications/application.entity';
import { UsageRecord } from '../billing/usage-record.entity';
import { Email } from '../emails/email.entity';
import { Capture } from '../previews/capture.entity';

/** Every entity of the app; entities live in their feature modules. */
export const ENTITIES = [Account, Application, Email, Capture, UsageRecord];
