import { Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { ApiError } from '../../base/errors/api-error';
import { Slots } from '../../base/system/slots';
import { Clock } from '../../platform/config/clock';
import { Storage } from '../../platform/storage/storage';
import { InboxRow, inboxPage, Renderer } from '../../rendering';
import type { Appearance, InboxLayout, ClientProfile } from '../../rendering';
import { captureError, failedBy } from '../captures/state/capture-attempt';
import { imageFileName } from '../captures/state/capture-file-names';
import type { CaptureConfiguration } from '../captures/state/capture-configuration';
import { CaptureStateMachine } from '../captures/state/capture-state-machine';
import type { EmailHead } from '../emails/email.repository';

/** Inbox views drawn at once in this process; more wait, up to QUEUE_LIMIT, then 503. */
const DRAWING_AT_ONCE = 2;
const QUEUE_LIMIT = 16;
const RETRY_AFTER_S = '5';

/** One view to draw: the email's row in a client's list, in one appearance (`configuration`). */
export interface InboxDrawing {
  email: EmailHead;
  profile: ClientProfile;
  layout: InboxLayout;
  configuration: CaptureConfiguration;
  row: InboxRow;
}

/** What names a drawn view's file and dates its row. */
export interface Drawn {
  viewportWidth: number;
  capturedAt: Date;
}

/**
 * Draws inbox views: the page by Chromium (Renderer.drawPage), two at a time, a request for
 * a view being drawn here waiting for that drawing; the PNG stored under its digest and
 * recorded as a captured row (CaptureStateMachine.insertDrawn). When another process recorded the
 * same view first, its file is served and this one deleted.
 */
@Injectable()
export class InboxDrawer {
  private readonly slots = new Slots(DRAWING_AT_ONCE);
  private readonly drawing = new Map<string, Promise<Drawn>>();

  constructor(
    private readonly store: CaptureStateMachine,
    private readonly renderer: Renderer,
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  draw(job: InboxDrawing): Promise<Drawn> {
    const key = `${job.email.id} ${job.configuration.client} ${job.configuration.images}`;
    let drawing = this.drawing.get(key);
    if (!drawing) {
      drawing = this.drawAndRecord(job).finally(() => this.drawing.delete(key));
      this.drawing.set(key, drawing);
    }
    return drawing;
  }

  private async drawAndRecord(job: InboxDrawing): Promise<Drawn> {
    const { email, layout, configuration } = job;
    const width = layout.width(job.profile);
    const png = await this.png(job, width);
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
    await this.store.deleteUnheld(email.id, [{ key, location }]);
    const winner = await this.store.find(email.id, configuration);
    if (!winner || !this.store.isAvailable(winner)) throw ApiError.notFound();
    return winner;
  }

  private async png({ profile, layout, configuration, row }: InboxDrawing, width: number) {
    if (this.slots.queued >= QUEUE_LIMIT)
      throw new ApiError(503, 'Too many inbox views are being drawn; try again shortly', {
        'Retry-After': RETRY_AFTER_S,
      });
    const release = await this.slots.acquire();
    try {
      const appearance = configuration.images as Appearance;
      const page = inboxPage(layout, profile, row, appearance, this.clock.now());
      return await this.renderer.drawPage(page, {
        width,
        scale: profile.device_scale_factor,
        colorScheme: appearance,
      });
    } catch (error) {
      // Answered as a capture's failure is: 504 past the deadline, 500 for the engine's.
      throw captureError(failedBy(error), profile.code);
    } finally {
      release();
    }
  }
}
