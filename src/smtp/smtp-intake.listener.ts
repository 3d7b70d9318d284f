import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import ipaddr from 'ipaddr.js';
import { readFileSync } from 'node:fs';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerAuthentication,
  type SMTPServerDataStream,
  type SMTPServerSession,
} from 'smtp-server';
import type { Principal } from '../base/security/principal';
import { ApplicationsService } from '../domain/applications/applications.service';
import { EmailsService } from '../domain/emails/emails.service';
import { IntakeService } from '../domain/intake/intake.service';
import { AppConfig } from '../platform/config/app-config';
import { Clock } from '../platform/config/clock';
import { EventsHub } from '../platform/events/events-hub';
import { AuthFailures } from '../platform/throttling/auth-failures';
import { normalizeAddress } from '../platform/throttling/client-address';
import { REPLIES, replyForFailure } from './smtp-replies';

/** How long open sessions may finish at shutdown before they are cut. */
const CLOSE_TIMEOUT_MS = 5000;

type Done = (error?: Error | null, message?: string) => void;

/**
 * SMTP intake (docs/api.md#smtp-intake): a message becomes an email as POST /v1/emails with
 * raw_source makes one. Nothing is ever delivered: there is no relay, only intake. Either
 * the sender authenticates (AUTH PLAIN or LOGIN, the API key as the password, any user
 * name) and any recipient is accepted, or it writes to an application's intake address.
 * Each email taken fires `email.received` to the application's webhooks.
 */
@Injectable()
export class SmtpIntakeListener implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('smtp');
  private server?: SMTPServer;

  constructor(
    private readonly config: AppConfig,
    private readonly applications: ApplicationsService,
    private readonly intake: IntakeService,
    private readonly emails: EmailsService,
    private readonly failures: AuthFailures,
    private readonly events: EventsHub,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { port, host, domain, tls } = this.config.smtp;
    if (port === 0) return;
    const server = new SMTPServer({
      name: domain,
      banner: 'Instant Preview intake; nothing is delivered',
      logger: false,
      size: this.config.bodyLimitBytes,
      authMethods: ['PLAIN', 'LOGIN'],
      authOptional: true,
      // Decided per session in onAuth (TLS or loopback), which smtp-server cannot express.
      allowInsecureAuth: true,
      // Without a certificate smtp-server would offer STARTTLS with a self-signed one.
      ...(tls
        ? { key: readFileSync(tls.keyFile), cert: readFileSync(tls.certFile) }
        : { disabledCommands: ['STARTTLS'] }),
      closeTimeout: CLOSE_TIMEOUT_MS,
      onAuth: (auth, session, done) => void this.authenticate(auth, session, done),
      onRcptTo: (address, session, done) => void this.recipient(address, session, done),
      onData: (stream, session, done) => void this.receive(stream, session, done),
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => this.logger.warn(`SMTP intake: ${error.message}`));
    this.server = server;
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async authenticate(
    auth: SMTPServerAuthentication,
    session: SMTPServerSession,
    done: (error: Error | null, response?: { user: string }) => void,
  ): Promise<void> {
    try {
      if (!session.secure && !isLoopback(session.remoteAddress))
        return done(REPLIES.encryptionRequired());
      const address = normalizeAddress(session.remoteAddress);
      if (await this.failures.blocked(address)) return done(REPLIES.authThrottled());
      const application = await this.applications.findByApiKey(auth.password ?? '');
      if (!application) {
        await this.failures.failed(address);
        return done(REPLIES.authInvalid());
      }
      done(null, { user: application.id });
    } catch (error) {
      this.logger.error(`SMTP AUTH: ${(error as Error).message}`);
      done(REPLIES.busy());
    }
  }

  /** With AUTH, anyone (only the To of the email); without, one intake address. */
  private async recipient(
    address: SMTPServerAddress,
    session: SMTPServerSession,
    done: Done,
  ): Promise<void> {
    try {
      if (session.user) return done();
      if (session.envelope.rcptTo.length > 0) return done(REPLIES.oneIntakeRecipient());
      const recipient = await this.intake.recipient(address.address);
      done(recipient ? null : REPLIES.relayDenied(address.address));
    } catch (error) {
      this.logger.error(`SMTP RCPT: ${(error as Error).message}`);
      done(REPLIES.busy());
    }
  }

  private async receive(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    done: Done,
  ): Promise<void> {
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      // Past the limit the rest is read and dropped: a flood is never held in memory.
      for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        if (size <= this.config.bodyLimitBytes) chunks.push(chunk as Buffer);
      }
      if (stream.sizeExceeded || size > this.config.bodyLimitBytes)
        return done(REPLIES.tooBig(this.config.bodyLimitBytes));
      const sender = await this.sender(session);
      // Refused since RCPT: the key's application disabled, or the address rotated.
      if (!sender) return done(REPLIES.relayDenied(session.envelope.rcptTo[0]?.address ?? ''));
      const email = await this.emails.create(sender.principal, {
        raw_source: Buffer.concat(chunks).toString('utf8'),
        ...(sender.endUserId !== undefined && { end_user_id: sender.endUserId }),
      });
      this.events.publish({
        type: 'email.received',
        timestamp: this.clock.now().toISOString(),
        applicationId: email.applicationId,
        emailGuid: email.id,
        data: { email_guid: email.id, end_user_id: email.endUserId },
      });
      done(null, `2.0.0 Accepted <${email.id}>`);
    } catch (error) {
      const reply = replyForFailure(error);
      if (reply.responseCode < 500) this.logger.error(`SMTP DATA: ${(error as Error).message}`);
      done(reply);
    }
  }

  /** Whom the message is for: the authenticated application, or the intake address's. */
  private async sender(
    session: SMTPServerSession,
  ): Promise<{ principal: Principal; endUserId?: string } | null> {
    if (!session.user) {
      const [to] = session.envelope.rcptTo;
      return to ? this.intake.recipient(to.address) : null;
    }
    const application = await this.applications.findById(session.user);
    return (
      application && {
        principal: {
          via: 'api_key',
          accountId: application.accountId,
          applicationId: application.id,
        },
      }
    );
  }
}

function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}
