import MailComposer from 'nodemailer/lib/mail-composer';
import type { Email } from '../emails/email.entity';

/** The message scored, and what it is: the email as sent, or one built from its parts. */
export interface ScoredMessage {
  message: Buffer;
  source: 'raw_source' | 'built';
}

/**
 * An email as a whole MIME message: its raw_source as uploaded, or, for an email given as
 * html_text and plain_text, the multipart/alternative message nodemailer's composer builds
 * from them, with the From and Subject it was given (or none), a Date and a Message-ID.
 */
export async function messageOf(email: Email): Promise<ScoredMessage> {
  if (email.rawSource)
    return { message: Buffer.from(email.rawSource, 'utf8'), source: 'raw_source' };
  const composer = new MailComposer({
    from: email.fromAddress
      ? { name: email.fromDisplayName ?? '', address: email.fromAddress }
      : undefined,
    subject: email.subject ?? undefined,
    html: email.htmlText ?? undefined,
    text: email.plainText ?? undefined,
    date: email.createdAt,
  });
  const message = await new Promise<Buffer>((resolve, reject) =>
    composer.compile().build((error, built) => (error ? reject(error) : resolve(built))),
  );
  return { message, source: 'built' };
}
