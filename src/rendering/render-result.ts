import type { EngineIdentity, EngineOptions } from './engine/engine-port';
import type { Engine } from './engine/engine-port';
import type { TextSample } from './engine/page-scripts';
import type { Thumbnails } from './engine/image-sizes';
import type { Preparer } from './prepare/preparer';
import type { ReportEntry } from './model/render-report';
import type { ClientProfile } from './profile/client-profile';
import type { RenderOptions } from './profile/options';

export class UnknownClientError extends Error {}

export class UnsupportedOptionError extends Error {}

export interface RenderResult {
  full: Buffer;
  /** Made on the first call, once: store the full image first, then ask for these. */
  thumbnails: () => Promise<Thumbnails>;
  /** Device pixels of the full image. */
  width: number;
  height: number;
  /** SHA-256 of the full PNG (hex): the same for every client sharing this render. */
  digest: string;
  /** Device pixels of the full image's top that the thumbnails show. */
  thumbnailTop: number;
  /** The viewport width in CSS pixels (names the files). */
  viewportWidth: number;
  truncated: boolean;
  report: ReportEntry[];
  blockedRequests: string[];
  /** The pixels came from a render made for another client with the same inputs. */
  shared: boolean;
  /** The marker of the browser context that rendered it, read back from inside its page. */
  contextMarker: string;
  /** The colours and sizes its text was drawn in. */
  textSamples: TextSample[];
  /** The engine that drew it (the client's own, or Chromium in its place: see the report). */
  engine: EngineIdentity;
  timings: { prepareMs: number; captureMs: number; imagesMs: number; totalMs: number };
  /** CPU time of the preparation on the thread that ran it (0 when prepared before). */
  prepareCpuMs: number;
}

export interface RendererOptions extends EngineOptions {
  timeoutMs: number;
  /** ENGINES: the engines this process may draw with (Chromium always); default all. */
  engines?: readonly Engine[];
  /** Memory for finished renders kept for other clients with the same pixels (0: none kept). */
  shareMaxMb?: number;
  /** Where emails are prepared; in-line by default (the CLI, tests of the pipeline). */
  preparer?: Preparer;
}

/** The viewport of a profile in an orientation: horizontal swaps width and height. */
export function viewportOf(profile: ClientProfile, orientation: RenderOptions['orientation']) {
  const { width, height } = profile.viewport;
  return orientation === 'horizontal' ? { width: height, height: width } : { width, height };
}
