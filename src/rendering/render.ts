import { ClientCatalog, clientCatalog } from './catalog/client-catalog';
import type { ClientProfile } from './catalog/client-profile';
import { RenderOptions, unofferedOption } from './catalog/options';
import { BrowserPool, BrowserPoolOptions, BrowserState } from './engine/browser-pool';
import { capturePage } from './engine/capture-page';
import { makeImageSizes } from './engine/image-sizes';
import { InlinePreparer, Preparer } from './prepare/preparer';
import type { EmailContent } from './transforms/prepare-html';
import type { ReportEntry } from './transforms/render-report';

export class UnknownClientError extends Error {}
export class UnsupportedOptionError extends Error {}

export interface RenderResult {
  full: Buffer;
  thumb: Buffer;
  thumb450: Buffer;
  /** Device pixels of the full image. */
  width: number;
  height: number;
  /** The viewport width in CSS pixels (names the files). */
  viewportWidth: number;
  truncated: boolean;
  report: ReportEntry[];
  blockedRequests: string[];
  timings: { prepareMs: number; captureMs: number; imagesMs: number; totalMs: number };
}

export interface RendererOptions extends BrowserPoolOptions {
  timeoutMs: number;
  /** Where emails are prepared; in-line by default (the CLI, tests of the pipeline). */
  preparer?: Preparer;
}

/** The viewport of a profile in an orientation: horizontal swaps width and height. */
export function viewportOf(profile: ClientProfile, orientation: RenderOptions['orientation']) {
  const { width, height } = profile.viewport;
  return orientation === 'horizontal' ? { width: height, height: width } : { width, height };
}

/**
 * The rendering library's one entry point: an email, a client code and capture options
 * in; the three PNGs, their size and the emulation report out. No HTTP, database or
 * queue: the API, the workers and the CLI all call it.
 */
export class Renderer {
  private readonly pool: BrowserPool;
  private readonly preparer: Preparer;

  constructor(
    private readonly options: RendererOptions,
    readonly catalog: ClientCatalog = clientCatalog,
  ) {
    this.pool = new BrowserPool(options);
    this.preparer = options.preparer ?? new InlinePreparer();
  }

  /** `key` names the email (its id) so a preparer may reuse an earlier preparation. */
  async render(
    email: EmailContent,
    clientCode: string,
    options: RenderOptions,
    key?: string,
  ): Promise<RenderResult> {
    const started = performance.now();
    const profile = this.catalog.find(clientCode);
    if (!profile) throw new UnknownClientError(`'${clientCode}' is not a known client`);
    const unoffered = unofferedOption(profile, options);
    if (unoffered)
      throw new UnsupportedOptionError(
        `${profile.code} does not offer ${unoffered.name}=${unoffered.value}`,
      );
    const prepared = await this.preparer.prepare({ email, clientCode: profile.code, options }, key);
    const prepareMs = performance.now() - started;
    const viewport = viewportOf(profile, options.orientation);
    const capture = await this.pool.withContext(
      {
        viewport,
        deviceScaleFactor: profile.device_scale_factor,
        javaScriptEnabled: false,
        colorScheme: profile.dark === 'none' ? 'light' : 'dark',
        serviceWorkers: 'block',
        acceptDownloads: false,
        locale: 'en-US',
      },
      this.options.timeoutMs,
      (context) =>
        capturePage(
          context,
          prepared.html,
          { served: prepared.served },
          {
            width: viewport.width,
            scale: profile.device_scale_factor,
            fitToWidth: profile.rules.includes('fit-to-width'),
            timeoutMs: this.options.timeoutMs,
          },
        ),
    );
    const captured = performance.now();
    const sizes = await makeImageSizes(capture.png, {
      viewportAspect: viewport.height / viewport.width,
      truncatedAt: capture.truncated ? capture.height : undefined,
      colorblind: profile.rules.includes('colorblind'),
    });
    const finished = performance.now();
    return {
      ...sizes,
      viewportWidth: viewport.width,
      truncated: capture.truncated,
      report: prepared.report,
      blockedRequests: capture.blockedRequests,
      timings: {
        prepareMs: prepareMs,
        captureMs: captured - started - prepareMs,
        imagesMs: finished - captured,
        totalMs: finished - started,
      },
    };
  }

  /** up, idle (not launched yet) or down (crashed, relaunching): for readiness. */
  browserState(): BrowserState {
    return this.pool.state();
  }

  async close(): Promise<void> {
    await this.pool.close();
    await this.preparer.close();
  }
}
