import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../base/security/principal';
import { ApiError } from '../../base/errors/api-error';
import { AppConfig } from '../../platform/config/app-config';
import { Clock } from '../../platform/config/clock';
import type { EmailContent, RenderImage, RenderResource } from '../../rendering';
import { contentCache } from './email-content-cache';
import { EXPIRED_CONTENT } from './expired-content';
import { EventsHub } from '../../platform/events/events-hub';
import { Storage } from '../../platform/storage/storage';
import {
  CONTENT_FIELDS,
  EmailUpload,
  ENVELOPE_FIELDS,
  FIELDS_EXCLUSIVE_WITH_RAW,
} from './email-upload';
import { Email, EmailEnvelope } from './email.entity';
import { EmailRepository } from './email.repository';
import { EmailImage } from './email-image';
import { ImageFetcher } from './fetch/image-fetcher';
import { ResourceFetcher } from './fetch/resource-fetcher';
import { HtmlInspector } from './inspect/html-inspector';
import type { InspectedEmail } from './inspect/inspect-raw-source';
import type { ParsedMessage } from './mime/parse-raw-source';

const HOUR = 3_600_000;
/** Rows expired per batch. */
const EXPIRY_BATCH = 100;

@Injectable()
export class EmailsService {
  constructor(
    private readonly emails: EmailRepository,
    private readonly images: ImageFetcher,
    private readonly resources: ResourceFetcher,
    private readonly inspector: HtmlInspector,
    private readonly storage: Storage,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly events: EventsHub,
  ) {}

  private readonly contents = contentCache();
  private readonly reading = new Map<string, Promise<EmailContent>>();

  async create(principal: Principal, dto: EmailUpload): Promise<Email> {
    const { message: content, references } = await this.content(dto);
    const id = randomUUID();
    // The HTML's images download while its stylesheets are read; the images those name follow.
    const htmlImages = references
      ? [...new Set([...references.images, ...references.posters])]
      : [];
    const [loaded, fetched] = await Promise.all([
      references ? this.resources.prefetch(id, references) : { resources: [], images: [] },
      this.images.prefetch(id, htmlImages),
    ]);
    const cssImages = loaded.images.filter((url) => !htmlImages.includes(url));
    const images = [
      ...(await this.storeInlineParts(id, content.inlineParts, references?.contentIds ?? [])),
      ...fetched,
      ...(cssImages.length ? await this.images.prefetch(id, cssImages, fetched) : []),
    ];
    const preview = await this.inspector.preview(content.html, content.text);
    const now = this.clock.now();
    return this.emails.insert({
      id,
      accountId: principal.accountId,
      applicationId: principal.applicationId,
      userId: principal.userId ?? null,
      endUserId: dto.end_user_id ?? null,
      subject: content.subject,
      fromAddress: content.fromAddress,
      fromDisplayName: content.fromDisplayName,
      htmlText: content.html,
      plainText: content.text,
      rawSource: dto.raw_source ?? null,
      envelope: envelopeOf(dto),
      authentication: null,
      preview,
      images,
      resources: loaded.resources,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.config.ttl.emailHours * HOUR),
      expiredAt: null,
    });
  }

  findById(id: string): Promise<Email | null> {
    return this.emails.findById(id);
  }

  /** Keeps what authentication found with the email (deliverability asks no DNS again). */
  keepAuthentication(id: string, authentication: object): Promise<void> {
    return this.emails.keepAuthentication(id, authentication);
  }
  /**
   * An email's content as the renderer and the checks take it: its HTML and text, its stored
   * copies read from storage. Read once for all the captures of it that follow within a
   * minute (a grid is 124 of them, each its own preparation), not once per capture.
   */
  async contentOf(email: Email): Promise<EmailContent> {
    const kept = this.contents.get(email.id);
    if (kept) return kept;
    let reading = this.reading.get(email.id);
    if (!reading) {
      reading = this.readContent(email).finally(() => this.reading.delete(email.id));
      this.reading.set(email.id, reading);
    }
    const content = await reading;
    if (!email.expiredAt) this.contents.set(email.id, content);
    return content;
  }

  private async readContent(email: Email): Promise<EmailContent> {
    const [images, resources] = await Promise.all([
      this.imagesFor(email),
      this.resourcesFor(email),
    ]);
    return {
      html: email.htmlText,
      text: email.plainText,
      images,
      resources,
      missingImages: this.missingImagesOf(email),
    };
  }

  /** The stored image copies of an email, as the renderer takes them. */
  async imagesFor(email: Email): Promise<RenderImage[]> {
    const stored = email.images.filter((image) => image.status === 'stored' && image.key);
    const loaded = await Promise.all(
      stored.map(async (image) => {
        const data = await this.storage.get(image.key!, image.location);
        return data
          ? { url: image.url, contentType: image.content_type ?? 'application/octet-stream', data }
          : null;
      }),
    );
    return loaded.filter((image): image is RenderImage => image !== null);
  }

  /** The images an email names that were not stored, and why. */
  missingImagesOf(email: Email): { url: string; reason: string }[] {
    return email.images
      .filter((image) => image.status !== 'stored')
      .map((image) => ({ url: image.url, reason: image.reason ?? 'not stored' }));
  }

  /**
   * The stylesheets and fonts an email loads, as the renderer takes them: each with its
   * fate, the stored ones with their bytes (a copy gone from storage counts as failed).
   */
  async resourcesFor(email: Email): Promise<RenderResource[]> {
    return Promise.all(
      email.resources.map(async (resource): Promise<RenderResource> => {
        const fate = {
          url: resource.url,
          kind: resource.kind,
          ...(resource.from ? { from: resource.from } : {}),
        };
        if (resource.status !== 'stored')
          return { ...fate, status: resource.status, reason: resource.reason ?? '' };
        const data = resource.key ? await this.storage.get(resource.key, resource.location) : null;
        if (!data) return { ...fate, status: 'failed', reason: 'its stored copy is gone' };
        return { ...fate, status: 'stored', contentType: resource.content_type!, data };
      }),
    );
  }

  /**
   * Erasure, first step: the email is expired now (content, addresses and kept
   * authentication cleared; no new capture starts) and its stored images and resources go.
   */
  async beginErasure(email: Pick<Email, 'id' | 'images' | 'resources'>): Promise<void> {
    await this.endContent(email, this.clock.now());
  }

  /** Erasure, last step, once its captures are gone: the row; false while one still refers to it. */
  async deleteErased(id: string): Promise<boolean> {
    return (await this.emails.delete(id)) !== 'held';
  }

  /** The ids of one application's emails for one end user. */
  idsOfEndUser(applicationId: string, endUserId: string): Promise<string[]> {
    return this.emails.idsOfEndUser(applicationId, endUserId);
  }

  /**
   * Emails past their lifetime lose their content and image copies
   * (docs/api.md#lifecycle-of-emails-and-captures); the row stays, so captures already made
   * stay available. Each row is claimed by a conditional update before its files go, so
   * several processes may run this at once. Returns the count.
   */
  async expireDue(now: Date): Promise<number> {
    let count = 0;
    for (;;) {
      const batch = await this.emails.findDue(now, EXPIRY_BATCH);
      if (batch.length === 0) return count;
      for (const email of batch) {
        if (!(await this.endContent(email, now))) continue;
        this.events.publish({
          type: 'email.expired',
          timestamp: now.toISOString(),
          applicationId: email.applicationId,
          emailGuid: email.id,
          data: { email_guid: email.id, end_user_id: email.endUserId },
        });
        count++;
      }
    }
  }

  /** Clears the content and deletes the stored copies; false when another process did. */
  private async endContent(
    email: Pick<Email, 'id' | 'images' | 'resources'>,
    at: Date,
  ): Promise<boolean> {
    if (!(await this.emails.expire(email.id, at, EXPIRED_CONTENT))) return false;
    this.contents.delete(email.id);
    const stored = [...email.images, ...email.resources];
    await this.storage.delete(
      stored.flatMap((copy) => (copy.key ? [{ key: copy.key, location: copy.location }] : [])),
    );
    return true;
  }

  /** The content to store and the images its HTML references, read off the event loop. */
  private async content(dto: EmailUpload): Promise<InspectedEmail> {
    if (!CONTENT_FIELDS.some((field) => typeof dto[field] === 'string')) {
      throw ApiError.badRequest("One of 'html_text','plain_text','raw_source' is required");
    }
    if (dto.raw_source === undefined) {
      const html = dto.html_text ?? null;
      return {
        message: {
          html,
          text: dto.plain_text ?? null,
          subject: dto.subject ?? null,
          fromAddress: dto.from_address ?? null,
          fromDisplayName: dto.from_display_name ?? null,
          inlineParts: [],
        },
        references: html ? await this.inspector.inspect(html) : null,
      };
    }
    const conflicting = FIELDS_EXCLUSIVE_WITH_RAW.filter((field) => dto[field] !== undefined);
    if (conflicting.length > 0) {
      throw ApiError.badRequest(
        `'raw_source' cannot be combined with ${conflicting.map((f) => `'${f}'`).join(',')}`,
      );
    }
    return this.inspector.inspectRawSource(dto.raw_source);
  }

  /** Stores the MIME parts the HTML references as `cid:`; unreferenced parts are not kept. */
  private async storeInlineParts(
    emailId: string,
    parts: ParsedMessage['inlineParts'],
    referenced: string[],
  ): Promise<EmailImage[]> {
    return Promise.all(
      referenced.map(async (contentId, index) => {
        const part = parts.find((candidate) => candidate.contentId === contentId);
        const url = `cid:${contentId}`;
        if (!part)
          return { url, status: 'missing', reason: 'no MIME part with this Content-ID' } as const;
        const key = `emails/${emailId}/images/cid-${index}`;
        const location = await this.storage.put(key, part.content, part.contentType);
        return {
          url,
          status: 'stored',
          key,
          location,
          content_type: part.contentType,
          bytes: part.content.length,
        } as const;
      }),
    );
  }
}

/** The envelope given at upload: SPF needs the sending IP and HELO, MAIL FROM is optional. */
function envelopeOf(dto: EmailUpload): EmailEnvelope | null {
  const given = ENVELOPE_FIELDS.filter((field) => dto[field] !== undefined);
  if (given.length === 0) return null;
  if (dto.sending_ip === undefined || dto.helo === undefined)
    throw ApiError.badRequest("'sending_ip' and 'helo' must be given together");
  return {
    sending_ip: dto.sending_ip,
    helo: dto.helo,
    ...(dto.mail_from !== undefined ? { mail_from: dto.mail_from } : {}),
  };
}
