import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { ClientCatalog } from '../../rendering';
import type { CheckFinding, ImagesOption, OrientationOption } from '../../rendering';
import type { CaptureConfiguration } from '../captures/state/capture-configuration';
import { captureHostUrl, imageFileName, previewBody } from '../captures/state/capture-file-names';
import { CaptureStateMachine } from '../captures/state/capture-state-machine';
import { ChecksService } from '../checks/checks.service';
import type { Email } from '../emails/email.entity';

/** One captured preview on a share page: its thumbnail and full image on the capture host. */
export interface SharedPreview {
  client: string;
  name: string;
  images: string;
  orientation: string;
  thumb_url: string;
  full_url: string;
}

/** One drawn inbox view on a share page. */
export interface SharedInboxView {
  client: string;
  name: string;
  appearance: string;
  image_url: string;
}

/** Everything a share page shows, read only: nothing is captured, drawn, scanned or billed. */
export interface SharedView {
  email: { guid: string; subject: string | null; from: string | null; created_at: Date };
  expires_at: Date;
  previews: SharedPreview[];
  inbox: SharedInboxView[];
  /** Null with `checks_unavailable` when the checks could not be made now. */
  checks: CheckFinding[] | null;
  checks_unavailable?: string;
  /** What authentication found, as kept with the email; null when not checked yet. */
  authentication: Record<string, { result?: string; reason?: string }> | null;
  deliverability_url: string;
}

const PREVIEW_OPTIONS: [ImagesOption, OrientationOption][] = [
  ['allowed', 'vertical'],
  ['blocked', 'vertical'],
  ['allowed', 'horizontal'],
  ['blocked', 'horizontal'],
];
const APPEARANCES = ['light', 'dark'];

/**
 * What a share page shows of an email (docs/api.md#share-pages): the captures that exist
 * (the capture state machine's read methods only, never the coordinator), the inbox views
 * drawn already, the pre-send checks (which capture nothing) and the authentication kept
 * with the email (the spam score is not run here: a link to it is given instead).
 */
@Injectable()
export class SharedViews {
  constructor(
    private readonly store: CaptureStateMachine,
    private readonly checks: ChecksService,
    private readonly catalog: ClientCatalog,
    private readonly config: AppConfig,
  ) {}

  async of(email: Email, expiresAt: Date): Promise<SharedView> {
    const [previews, inbox, checks] = await Promise.all([
      this.previews(email.id),
      this.inboxViews(email.id),
      this.checks.checks(email.id).then(
        ({ findings }) => ({ found: findings, why: undefined }),
        (error: Error) => ({ found: null, why: error.message }),
      ),
    ]);
    return {
      email: {
        guid: email.id,
        subject: email.subject,
        from: email.fromDisplayName || email.fromAddress,
        created_at: email.createdAt,
      },
      expires_at: expiresAt,
      previews,
      inbox,
      checks: checks.found,
      ...(checks.why !== undefined && { checks_unavailable: checks.why }),
      authentication: authenticationOf(email.authentication),
      deliverability_url: `${this.config.apiBaseUrl}/emails/${email.id}/deliverability`,
    };
  }

  private async previews(emailId: string): Promise<SharedPreview[]> {
    const found = await Promise.all(
      PREVIEW_OPTIONS.map(async ([images, orientation]) => {
        const clients = await this.store.capturedClients(emailId, { images, orientation });
        return this.available(emailId, clients, { images, orientation }, (configuration, width) => {
          const urls = previewBody(this.config, configuration, emailId, width);
          return { ...configuration, thumb_url: urls.thumb_url, full_url: urls.full_url };
        });
      }),
    );
    return found.flat();
  }

  private async inboxViews(emailId: string): Promise<SharedInboxView[]> {
    const found = await Promise.all(
      APPEARANCES.map(async (appearance) => {
        // An inbox view's row: orientation `inbox`, images its appearance (inbox-views.service).
        const options = { images: appearance, orientation: 'inbox' } as unknown as Pick<
          CaptureConfiguration,
          'images' | 'orientation'
        >;
        const clients = await this.store.capturedClients(emailId, options);
        return this.available(emailId, clients, options, (configuration, width) => ({
          client: configuration.client,
          appearance,
          image_url: captureHostUrl(
            this.config,
            configuration.client,
            emailId,
            imageFileName(configuration, width, 'full'),
          ),
        }));
      }),
    );
    return found.flat();
  }

  /** The captures of these clients still available (captured, within their lifetime). */
  private async available<T>(
    emailId: string,
    clients: string[],
    options: Pick<CaptureConfiguration, 'images' | 'orientation'>,
    entry: (configuration: CaptureConfiguration, viewportWidth: number) => T,
  ): Promise<(T & { name: string })[]> {
    const rows = await Promise.all(
      clients.map((client) => this.store.find(emailId, { client, ...options })),
    );
    return rows.flatMap((capture) => {
      if (!capture || !this.store.isAvailable(capture)) return [];
      const configuration = { client: capture.client, ...options };
      const name = this.catalog.find(capture.client)?.name ?? capture.client;
      return [{ ...entry(configuration, capture.viewportWidth), name }];
    });
  }
}

/** Each authentication method's verdict, as kept with the email. */
function authenticationOf(
  kept: object | null,
): Record<string, { result?: string; reason?: string }> | null {
  if (!kept) return null;
  const methods = ['dkim', 'spf', 'dmarc', 'arc', 'bimi'] as const;
  const found = kept as Record<string, { result?: unknown; reason?: unknown } | undefined>;
  return Object.fromEntries(
    methods.map((method) => {
      const verdict = found[method];
      return [
        method,
        {
          ...(typeof verdict?.result === 'string' && { result: verdict.result }),
          ...(typeof verdict?.reason === 'string' && { reason: verdict.reason }),
        },
      ];
    }),
  );
}
