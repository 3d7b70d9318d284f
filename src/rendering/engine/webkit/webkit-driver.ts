import { descendantsNamed } from '../../../base/system/procfs';
import { captureSequence } from '../capture-sequence';
import { MARKER_COOKIE } from '../context-router';
import type { EngineDriver } from '../engine-driver';
import type { EngineCapture, LikelySettings, PageCapture } from '../engine-port';
import type { EngineJail } from '../../jail/jail';
import { RendererRequestError } from './renderer-channel';
import { RendererProcess } from './renderer-process';
import type { WebKitInstall } from './webkit-install';
import { WebKitPage } from './webkit-page';

/** WebKit's web processes, as /proc/<pid>/comm names them. */
const WEB_PROCESS = /^WebKitWebProces$/;

/**
 * Apple's engine as WebKitGTK draws it: resident renderers (webkit-renderer.py), one per
 * device scale and colour scheme (both fixed when it starts), in the engine jail, each capture
 * in a web view of its own (webkit-page.ts).
 */
export class WebKitDriver implements EngineDriver<RendererProcess, WebKitPage> {
  readonly instanceName = "WebKit's renderer";

  constructor(
    private readonly install: WebKitInstall,
    private readonly jail: EngineJail,
    /** WebKit's bubblewrap sandbox around each web process. */
    private readonly sandbox: boolean,
  ) {}

  instanceKey({ scale, colorScheme }: LikelySettings): string {
    return `${scale}-${colorScheme}`;
  }

  contextSignature(): string {
    return '';
  }

  launch(device: LikelySettings): Promise<RendererProcess> {
    const settings = {
      scale: device.scale,
      dark: device.colorScheme === 'dark',
      sandbox: this.sandbox,
      markerCookie: MARKER_COOKIE,
    };
    return RendererProcess.start(
      this.jail,
      this.install,
      settings,
      `webkit-${this.instanceKey(device)}`,
    );
  }

  alive(renderer: RendererProcess): boolean {
    return renderer.alive;
  }

  exited(renderer: RendererProcess): Promise<void> {
    return renderer.exited();
  }

  /** The jail kills its tree on SIGTERM. */
  async end(renderer: RendererProcess): Promise<void> {
    renderer.kill();
    await renderer.exited();
  }

  async renderers(instances: readonly RendererProcess[]): Promise<number[]> {
    const alive = instances.filter((renderer) => renderer.alive);
    return descendantsNamed(
      alive.map((renderer) => renderer.pid),
      WEB_PROCESS,
    );
  }

  openContext(renderer: RendererProcess, { viewport }: LikelySettings, ahead: boolean) {
    return WebKitPage.open(renderer, viewport, { warm: ahead });
  }

  async capture(page: WebKitPage, { html, images, settings }: EngineCapture): Promise<PageCapture> {
    await page.resize(settings.viewport);
    return captureSequence(page, html, images, settings);
  }

  isLost(error: Error): string | undefined {
    return error instanceof RendererRequestError && error.crash
      ? "WebKit's web process stopped during the capture"
      : undefined;
  }
}
