import { Injectable } from '@nestjs/common';
import { ApiError } from '../../base/errors/api-error';
import { emailGuid } from '../../base/text/email-guid';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { ClientCatalog, inboxLayoutOf, inboxLayouts, formatDate, InboxRow } from '../../rendering';
import type { Appearance, InboxLayout, PreviewText, ClientProfile } from '../../rendering';
import { captureHostUrl, imageFileName } from '../captures/state/capture-file-names';
import type { CaptureConfiguration } from '../captures/state/capture-configuration';
import { CaptureStateMachine } from '../captures/state/capture-state-machine';
import type { EmailHead } from '../emails/email.repository';
import { EmailHeads } from '../emails/email-heads';
import { EmailsService } from '../emails/emails.service';
import { DeliverabilityService } from '../deliverability/deliverability.service';
import { BimiLogos } from './bimi-logos';
import { InboxDrawer } from './inbox-drawer';

/** A BIMI logo in a list that shows one: the check's result, and the logo drawn or why not. */
interface BimiInRow {
  result: string;
  logo_url?: string;
  drawn: boolean;
  reason?: string;
}

/** What GET /v1/emails/<guid>/inbox/<client> answers (docs/api.md#inbox-views). */
export interface InboxView {
  image_url: string;
  client: string;
  appearance: Appearance;
  layout: { id: string; title: string; width: number; font: string };
  /** Null once the email expired: the picture stays until purged, its texts are gone. */
  row: {
    sender: string;
    subject: string;
    preview: string | null;
    preview_from: PreviewText['from'];
    date: string;
    avatar: 'bimi logo' | 'initials' | 'none';
    /** Where the client draws a BIMI logo in its list: what BIMI found, and whether it is drawn. */
    bimi: BimiInRow | null;
  } | null;
  notes: InboxLayout['notes'];
  /** Every rule that no public page documents (true when any note is assumed). */
  assumed: boolean;
}

/**
 * An email's newest row in a client's message list (docs/api.md#inbox-views): drawn once per
 * client and appearance by Chromium from the client's list layout (rendering/inbox), stored
 * and served as a capture (the capture host, storage moves, the purge after CAPTURE_TTL_DAYS),
 * not billed (InboxDrawer).
 */
@Injectable()
export class InboxViewsService {
  constructor(
    private readonly emails: EmailsService,
    private readonly heads: EmailHeads,
    private readonly deliverability: DeliverabilityService,
    private readonly logos: BimiLogos,
    private readonly store: CaptureStateMachine,
    private readonly drawer: InboxDrawer,
    private readonly catalog: ClientCatalog,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async view(guid: string, client: string, asked?: Appearance): Promise<InboxView> {
    const emailId = emailGuid(guid);
    const { profile, layout } = this.layoutOf(client);
    const appearance = asked ?? (profile.dark === 'none' ? 'light' : 'dark');
    // Its row without the content: a view never reads the HTML again (the preview is kept).
    const email = await this.heads.findById(emailId);
    if (!email) throw ApiError.notFound();
    const configuration = inboxConfiguration(profile.code, appearance);
    const found = await this.store.find(emailId, configuration);
    if (found && this.store.isGone(found))
      throw ApiError.notFound('This inbox view is no longer available');
    const expired = email.expiredAt !== null || email.expiresAt <= this.clock.now();
    const available = found && this.store.isAvailable(found) ? found : null;
    // A view drawn before the email expired stays served (like a preview); its row's texts went.
    if (expired && !available)
      throw ApiError.notFound('This email has expired: its content is no longer kept');
    const row = expired ? null : rowOf(email, await this.heads.previewOf(email), layout);
    const bimi = row && layout.bimiInList ? await this.bimiOf(email) : null;
    if (row && bimi?.logo) row.row.logo = bimi.logo;
    const drawn =
      available ??
      (await this.drawer.draw({ email, profile, layout, configuration, row: row!.row }));
    return {
      image_url: captureHostUrl(
        this.config,
        profile.code,
        emailId,
        imageFileName(configuration, drawn.viewportWidth, 'full'),
      ),
      client: profile.code,
      appearance,
      layout: {
        id: layout.id,
        title: layout.title,
        width: layout.width(profile),
        font: layout.font.standsFor,
      },
      row: row && {
        sender: row.row.sender,
        subject: row.row.subject,
        preview: layout.noPreview?.(profile) ? null : row.row.preview,
        preview_from: row.previewFrom,
        date: formatDate(layout.date, email.createdAt, drawn.capturedAt),
        avatar: row.row.logo ? 'bimi logo' : layout.avatar,
        bimi: bimi && bimi.row,
      },
      notes: layout.notes,
      assumed: layout.notes.some((note) => note.assumed),
    };
  }

  /**
   * BIMI as a list that shows logos reads it: the email's authentication (kept with it, or
   * checked now), then the logo its record names, fetched and checked.
   */
  private async bimiOf(head: EmailHead): Promise<{ row: BimiInRow; logo?: string }> {
    // Only lists that show logos read BIMI, and only they read the email's content.
    const email = await this.emails.findById(head.id);
    if (!email) return { row: { result: 'none', drawn: false, reason: 'the email is gone' } };
    if (!email.rawSource)
      return {
        row: {
          result: 'none',
          drawn: false,
          reason: 'an email given as html_text carries no signature: BIMI needs a DMARC pass',
        },
      };
    const checked = await this.deliverability
      .authenticationOf(email)
      .catch((error: Error) => error);
    if (checked instanceof Error)
      return { row: { result: 'temperror', drawn: false, reason: checked.message } };
    const { bimi } = checked;
    const found = { result: bimi.result, ...(bimi.logo_url ? { logo_url: bimi.logo_url } : {}) };
    if (bimi.result !== 'pass' || !bimi.logo_url)
      return { row: { ...found, drawn: false, reason: bimi.reason ?? `BIMI ${bimi.result}` } };
    const logo = await this.logos.logo(bimi.logo_url);
    return 'dataUri' in logo
      ? { row: { ...found, drawn: true }, logo: logo.dataUri }
      : { row: { ...found, drawn: false, reason: logo.reason } };
  }

  /** The client's list layout, or 400 naming the clients that have one. */
  private layoutOf(client: string): { profile: ClientProfile; layout: InboxLayout } {
    const profile = this.catalog.find(client);
    if (!profile) throw ApiError.badRequest("'client' must be valid, see /clients");
    const layout = inboxLayoutOf(profile);
    if (!layout)
      throw ApiError.badRequest(
        `'client' has no documented message list: inbox views exist for ${inboxLayouts()
          .map((known) => known.title)
          .join(', ')}`,
      );
    return { profile, layout };
  }
}

/**
 * An inbox view's capture row is keyed like a preview's: its orientation column says `inbox`
 * and its images column the appearance, so no preview configuration can name it.
 */
export function inboxConfiguration(client: string, appearance: Appearance): CaptureConfiguration {
  return { client, orientation: 'inbox', images: appearance } as unknown as CaptureConfiguration;
}

/** The email's row: who, what, and the preview the client extracts (cut where it cuts). */
function rowOf(email: EmailHead, preview: PreviewText, layout: InboxLayout) {
  const row: InboxRow = {
    sender: email.fromDisplayName || email.fromAddress || '(no sender)',
    subject: email.subject || '(no subject)',
    preview: layout.previewChars
      ? [...preview.text].slice(0, layout.previewChars).join('')
      : preview.text,
    received: email.createdAt,
  };
  return { row, previewFrom: preview.from };
}
