import { ClientCatalog, clientCatalog } from './catalog/client-catalog';
import type { Engine } from './engine/engine-port';
import type { BrowserState } from './engine/engine-port';
import { engineDescriptor, ENGINES, FALLBACK_ENGINE } from './engine/engine-registry';
import type { TextSample } from './engine/page-scripts';
import { EngineChoice, EngineHealth, EngineSet } from './engine/engine-set';
import { ImageSizes, makeImageSizes } from './engine/image-sizes';
import type { PreparedEmail } from './prepare/prepare-task';
import { InlinePreparer, Preparer } from './prepare/preparer';
import { likelyDevices } from './likely-devices';
import { PixelInputs, renderKey, RenderSharing } from './render-sharing';
import type { EmailContent } from './model/email-content';
import type { ReportEntry } from './model/render-report';
import type { ClientProfile } from './profile/client-profile';
import { RenderOptions, unofferedOption } from './profile/options';
import {
  RendererOptions,
  RenderResult,
  UnknownClientError,
  UnsupportedOptionError,
  viewportOf,
} from './render-result';

export * from './render-result';

/** One render's output, shareable between clients with the same pixel inputs. */
type Shot = ImageSizes & {
  truncated: boolean;
  blockedRequests: string[];
  contextMarker: string;
  textSamples: TextSample[];
  captureMs: number;
  imagesMs: number;
};

/** What each engine draws once at start: text in the default fonts, a table, a coloured block. */
const PRIMER_EMAIL: EmailContent = {
  html: '<!doctype html><html><body style="margin:0"><table role="presentation" width="100%"><tr><td style="font-family:Arial,sans-serif;padding:16px;background:#f4f4f4">Instant Preview <b>starting</b></td></tr></table><p style="font-family:Georgia,serif">Ready.</p></body></html>',
  text: null,
  images: [],
};

/**
 * The rendering library's one entry point: an email, a client code and capture options
 * in; the three PNGs, their size and the emulation report out. No HTTP, database or
 * queue: the API, the workers and the CLI all call it.
 */
export class Renderer {
  private readonly engines: EngineSet;
  private readonly preparer: Preparer;
  private readonly sharing: RenderSharing<Shot>;

  constructor(
    private readonly options: RendererOptions,
    readonly catalog: ClientCatalog = clientCatalog,
  ) {
    this.engines = new EngineSet({
      ...options,
      enabled: options.engines ?? ENGINES,
    });
    this.preparer = options.preparer ?? new InlinePreparer();
    this.sharing = new RenderSharing(options.shareMaxMb ?? 0);
  }

  /**
   * `client`: a client code, looked up here and its options checked; or the profile a caller
   * resolved and checked the options against already (a request, CaptureConfigurations).
   * `key` names the email (its id): a preparer may reuse an earlier preparation, and the
   * email's clients with the same pixel inputs share one render. Without it, nothing is shared.
   */
  async render(
    email: EmailContent,
    client: string | ClientProfile,
    options: RenderOptions,
    key?: string,
  ): Promise<RenderResult> {
    const started = performance.now();
    const { prepared, inputs, choice } = await this.pixelInputs(email, client, options, key);
    const prepareMs = performance.now() - started;
    const { viewport } = inputs;
    // Shared between the clients of one email only (`key`): emails never share anything.
    const { value: shot, shared } = key
      ? await this.sharing.share(`${key}:${renderKey(prepared, inputs)}`, () =>
          this.shoot(choice, prepared, inputs, key),
        )
      : { value: await this.shoot(choice, prepared, inputs), shared: false };
    const { captureMs, imagesMs, ...images } = shot;
    return {
      ...images,
      viewportWidth: viewport.width,
      engine: choice.identity,
      report: [engineEntry(choice), ...prepared.report],
      shared,
      prepareCpuMs: prepared.cpuMs,
      timings: {
        prepareMs,
        captureMs: shared ? 0 : captureMs,
        imagesMs: shared ? 0 : imagesMs,
        totalMs: performance.now() - started,
      },
    };
  }

  /**
   * What decides a render's pixels, without drawing it: the exact key two renders share
   * (renderKey). Equal for two renders means the same picture from one engine build (the
   * conformance suite checks its committed report by it).
   */
  async pixelKey(
    email: EmailContent,
    client: string | ClientProfile,
    options: RenderOptions,
    key?: string,
  ): Promise<string> {
    const { prepared, inputs } = await this.pixelInputs(email, client, options, key);
    return renderKey(prepared, inputs);
  }

  private async pixelInputs(
    email: EmailContent,
    client: string | ClientProfile,
    options: RenderOptions,
    key?: string,
  ) {
    const profile = typeof client === 'string' ? this.resolve(client, options) : client;
    const prepared = await this.preparer.prepare({ email, profile, options }, key);
    const choice = this.engines.choose(profile.engine);
    const inputs: PixelInputs = {
      engine: choice.identity.name,
      viewport: viewportOf(profile, options.orientation),
      scale: profile.device_scale_factor,
      colorScheme: profile.dark === 'none' ? 'light' : 'dark',
      fitToWidth: prepared.fitsToWidth,
      colorblind: profile.capture.includes('colorblind'),
    };
    return { prepared, inputs, choice };
  }

  /**
   * A page of the service's own (an inbox view), drawn whole by Chromium like any capture: a
   * fresh context, no script, nothing loaded from the network. Its text is an email's, escaped
   * by the page's builder. Returns the PNG at the device's scale.
   */
  async drawPage(
    html: string,
    device: { width: number; scale: number; colorScheme: 'light' | 'dark' },
  ): Promise<Buffer> {
    // Drawn whole: the page's height is its rows', however short the viewport.
    const viewport = { width: device.width, height: 100 };
    const capture = await this.engines.choose(FALLBACK_ENGINE).adapter.capture({
      html,
      images: { served: new Map() },
      settings: {
        viewport,
        colorScheme: device.colorScheme,
        width: device.width,
        scale: device.scale,
        fitToWidth: false,
        colorblind: false,
        timeoutMs: this.options.timeoutMs,
      },
    });
    return capture.png;
  }

  /** A client code's profile, its options checked (a caller with only the code: CLI, worker). */
  private resolve(clientCode: string, options: RenderOptions): ClientProfile {
    const profile = this.catalog.find(clientCode);
    if (!profile) throw new UnknownClientError(`'${clientCode}' is not a known client`);
    const unoffered = unofferedOption(profile, options);
    if (unoffered)
      throw new UnsupportedOptionError(
        `${profile.code} does not offer ${unoffered.name}=${unoffered.value}`,
      );
    return profile;
  }

  /**
   * The engine's part: the screenshot, in a context of this email's own (`affinity`: kept
   * from its last capture, if any) or a fresh one, then the PNG sizes.
   */
  private async shoot(
    { adapter }: EngineChoice,
    prepared: PreparedEmail,
    inputs: PixelInputs,
    affinity?: string,
  ): Promise<Shot> {
    const started = performance.now();
    const { viewport, scale } = inputs;
    const capture = await adapter.capture(
      {
        html: prepared.html,
        images: { served: prepared.served },
        settings: {
          viewport,
          colorScheme: inputs.colorScheme,
          width: viewport.width,
          scale,
          fitToWidth: inputs.fitToWidth,
          colorblind: inputs.colorblind,
          timeoutMs: this.options.timeoutMs,
        },
      },
      affinity,
    );
    const captured = performance.now();
    const sizes = await makeImageSizes(capture.png, {
      viewportAspect: viewport.height / viewport.width,
    });
    return {
      ...sizes,
      truncated: capture.truncated,
      blockedRequests: capture.blockedRequests,
      contextMarker: capture.contextMarker,
      textSamples: capture.textSamples,
      captureMs: captured - started,
      imagesMs: performance.now() - captured,
    };
  }

  /**
   * Starts every engine here before any capture asks for it, for every device its profiles
   * use (each device scale and colour scheme an engine launches apart: WebKit's renderers,
   * Firefox's browsers), each with a context open for the device most of those profiles use;
   * then draws a small built-in email once in each (its context discarded): a first capture
   * waits for no launch, and finds the engine's fonts, layout and paint code, and a
   * preparation thread, loaded.
   */
  async start(): Promise<void> {
    const byLikelihood = likelyDevices(
      this.catalog.all(),
      (profile) => this.engines.choose(profile.engine).identity.name,
    );
    await this.engines.start((engine) => byLikelihood(engine).map((device) => device.settings));
    // One primer per engine, device scale and colour scheme: each of WebKit's renderers and
    // Firefox's browsers draws once (Chromium's one browser, once at each scale).
    const primers = new Map<string, string>();
    for (const engine of this.engines.running)
      for (const { settings, client } of byLikelihood(engine)) {
        const key = `${engine} ${settings.scale} ${settings.colorScheme}`;
        if (!primers.has(key)) primers.set(key, client);
      }
    await Promise.all(
      [...primers.values()].map((client) =>
        this.render(PRIMER_EMAIL, client, { images: 'allowed', orientation: 'vertical' }),
      ),
    );
  }

  /** up, idle (not launched yet) or down (crashed, relaunching): for readiness. */
  browserState(): BrowserState {
    return this.engines.choose(FALLBACK_ENGINE).adapter.state();
  }

  /** Every engine's state, or why it is absent: readiness names an engine that fails. */
  engineHealth(): EngineHealth[] {
    return this.engines.health();
  }

  /** What draws a profile's pictures here: its client's engine, or Chromium and why. */
  engineFor(profile: ClientProfile): Pick<EngineChoice, 'identity' | 'instead'> {
    const { identity, instead } = this.engines.choose(profile.engine);
    return { identity, instead };
  }

  /** The engines this process draws with (a worker takes only their jobs). */
  get runningEngines(): Engine[] {
    return this.engines.running;
  }

  async close(): Promise<void> {
    await this.engines.close();
    await this.preparer.close();
  }
}

/** The report's first entry: which engine drew the picture, and why when it is not the client's. */
function engineEntry({ identity, instead }: EngineChoice): ReportEntry {
  const drawn = `${engineDescriptor(identity.name).title} ${identity.version}`;
  return {
    slug: instead ? 'rule:engine-substitute' : 'rule:engine',
    title: instead
      ? `Drawn by ${drawn} instead of the client's ${engineDescriptor(instead.engine.name).title}: ${instead.reason}`
      : `Drawn by ${drawn}, the client's own engine`,
    where: 'engine',
    source: 'docs/fidelity.md#which-engine-draws-which-client; GET /v1/clients engine',
    count: 1,
  };
}
