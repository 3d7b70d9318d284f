import { Injectable } from '@nestjs/common';
import type { PreviewText } from '../../rendering';
import { EmailHead, EmailRepository } from './email.repository';
import { HtmlInspector } from './inspect/html-inspector';

/**
 * An email as a message list shows it: its row without the content (megabytes of HTML, parsed
 * at each read) and the preview text read from that content once.
 */
@Injectable()
export class EmailHeads {
  constructor(
    private readonly emails: EmailRepository,
    private readonly inspector: HtmlInspector,
  ) {}

  findById(id: string): Promise<EmailHead | null> {
    return this.emails.findHeadById(id);
  }

  /**
   * The preview text of an email's row: read at upload; for an email older than that, read
   * now off the event loop and kept.
   */
  async previewOf(email: EmailHead): Promise<PreviewText> {
    if (email.preview) return email.preview;
    const full = await this.emails.findById(email.id);
    const preview = await this.inspector.preview(full?.htmlText ?? null, full?.plainText ?? null);
    await this.emails.keepPreview(email.id, preview);
    return preview;
  }
}
