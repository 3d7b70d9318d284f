import { Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { ApiError } from '../../base/errors/api-error';
import { emailGuid } from '../../base/text/email-guid';
import { Slots } from '../../base/system/slots';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import { Storage } from '../../platform/storage/storage';
import { ClientCatalog } from '../../rendering/catalog/client-catalog';
import { inboxLayoutOf, inboxLayouts } from '../../rendering/inbox/all-layouts';
import type { Appearance, InboxLayout } from '../../rendering/inbox/inbox-layout';
import { formatDate, InboxRow, inboxPage } from '../../rendering/inbox/inbox-page';
import { previewText, PreviewText } from '../../rendering/inbox/preview-text';
import type { ClientProfile } from '../../rendering/profile/client-profile';
import { Renderer } from '../../rendering/render';
import { captureHostUrl, imageFileName } from '../captures/capture-files';
import type { CaptureConfiguration } from '../captures/capture-configuration';
import { CaptureStore } from '../captures/capture-store';
import type { Email } from '../emails/email.entity';
import { EmailsService } from '../emails/emails.service';
import { DeliverabilityService } from '../deliverability/deliverability.service';
import { BimiLogos } from './bimi-logos';

/** A BIMI logo in a list that shows one: the check's result, and the logo drawn or why not. */
interface BimiInRow {
  result: string;
  logo_url?: string;
  drawn: boolean;
  reason?: string;
}

/** What names a drawn view's file and dates its row. */
type Drawn = { viewportWidth: number; capturedAt: Date };

/** Inbox views drawn at once in this process; more wait, up to QUEUE_LIMIT, then 503. */
const DRAWING_AT_ONCE = 2;
const QUEUE_LIMIT = 16;
const RETRY_AFTER_S = '5';

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
 * not billed. Concurrent requests for the same view share one drawing.
 */
@Injectable()
export class InboxViewsService {
  private readonly slots = new Slots(DRAWING_AT_ONCE);
  private readonly drawing = new Map<string, Promise<Drawn>>();

  constructor(
    private readonly emails: EmailsService,
    private readonly deliverability: DeliverabilityService,
    private readonly logos: BimiLogos,
    private readonly store: CaptureStore,
    private readonly renderer: Renderer,
    private readonly storage: Storage,
    private readonly catalog: ClientCatalog,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async view(guid: string, client: string, asked?: Appearance): Promise<InboxView> {
    const emailId = emailGuid(guid);
    const { profile, layout } = this.layoutOf(client);
    const appearance = asked ?? (profile.dark === 'none' ? 'light' : 'dark');
    const email = await this.emails.findById(emailId);
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
    const row = expired ? null : rowOf(email, layout);
    const bimi = row && layout.bimiInList ? await this.bimiOf(email) : null;
    if (row && bimi?.logo) row.row.logo = bimi.logo;
    const drawn =
      available ?? (await this.drawOnce(email, profile, layout, configuration, row!.row));
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
  private async bimiOf(email: Email): Promise<{ row: BimiInRow; logo?: string }> {
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

  /** Draws the view unless a request here draws it already; its width (names the file). */
  private drawOnce(
    email: Email,
    profile: ClientProfile,
    layout: InboxLayout,
    configuration: CaptureConfiguration,
    row: InboxRow,
  ): Promise<Drawn> {
    const key = `${email.id} ${configuration.client} ${configuration.images}`;
    let drawing = this.drawing.get(key);
    if (!drawing) {
      drawing = this.draw(email, profile, layout, configuration, row).finally(() =>
        this.drawing.delete(key),
      );
      this.drawing.set(key, drawing);
    }
    return drawing;
  }

  private async draw(
    email: Email,
    profile: ClientProfile,
    layout: InboxLayout,
    configuration: CaptureConfiguration,
    row: InboxRow,
  ): Promise<Drawn> {
    if (this.slots.queued >= QUEUE_LIMIT)
      throw new ApiError(503, 'Too many inbox views are being drawn; try again shortly', {
        'Retry-After': RETRY_AFTER_S,
      });
    const release = await this.slots.acquire();
    let png: Buffer;
    const width = layout.width(profile);
    try {
      const appearance = configuration.images as Appearance;
      const page = inboxPage(layout, profile, row, appearance, this.clock.now());
      png = await this.renderer.drawPage(page, {
        width,
        scale: profile.device_scale_factor,
        colorScheme: appearance,
      });
    } finally {
      release();
    }
    const digest = createHash('sha256').update(png).digest('hex');
    const key = `captures/${email.id}/inbox/${digest}.png`;
    const location = await this.storage.put(key, png, 'image/png');
    const file = imageFileName(configuration, width, 'full');
    const recorded = await this.store.insertDrawn(randomUUID(), email.id, configuration, {
      viewportWidth: width,
      files: { [file]: { key, content_type: 'image/png', ...(location ? { location } : {}) } },
      report: [
        {
          slug: 'rule:inbox-view',
          title: `${layout.title}'s message list, drawn by Chromium from the layout its notes describe`,
          where: 'inbox',
          source: layout.notes.map((note) => note.source).join('; '),
          count: 1,
        },
      ],
    });
    if (recorded) return { viewportWidth: width, capturedAt: this.clock.now() };
    // Another process recorded the same view first: its file is served, this one goes.
    await this.store.deleteUnheld(email.id, [{ key, location }]);
    const winner = await this.store.find(email.id, configuration);
    if (!winner || !this.store.isAvailable(winner)) throw ApiError.notFound();
    return winner;
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
function rowOf(email: Email, layout: InboxLayout) {
  const preview = previewText(email.htmlText, email.plainText);
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
