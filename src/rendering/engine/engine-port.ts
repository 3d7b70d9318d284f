import type { ImagePlan } from '../pipeline/email-content';
import type { Engine } from '../profile/client-profile';
import type { TextSample } from './page-scripts';

/** up: an engine answers; idle: none started yet (lazy); down: crashed or restarting. */
export type BrowserState = 'up' | 'idle' | 'down';

/** Tallest capture in device pixels (GPU texture limit); taller emails are cut here. */
export const MAX_DEVICE_HEIGHT = 16384;

export interface PageCapture {
  png: Buffer;
  /** CSS pixels. */
  width: number;
  height: number;
  /** Full content height in CSS pixels, before any cut. */
  contentHeight: number;
  truncated: boolean;
  /** URLs the page tried to load that were refused. */
  blockedRequests: string[];
  /** The marker of the context that rendered it (see markContext). */
  contextMarker: string;
  /** The colours and sizes its text was drawn in (the pre-send checks' contrast). */
  textSamples: TextSample[];
}

export interface CaptureSettings {
  viewport: { width: number; height: number };
  colorScheme: 'light' | 'dark';
  width: number;
  scale: number;
  fitToWidth: boolean;
  timeoutMs: number;
}

/** One capture asked of an engine: the prepared document, its stored copies, the device. */
export interface EngineCapture {
  html: string;
  images: ImagePlan;
  settings: CaptureSettings;
}

/**
 * What every engine adapter does behind the same port (ARCHITECTURE.md, client families and
 * engines): an isolated context per email (a context may be kept for the same email's next
 * capture, `affinity`, never handed to another), the stored copies served and nothing else,
 * a deadline (`settings.timeoutMs`) that stops the render, the memory budget, and recovery
 * from a crash with readiness down meanwhile.
 */
export interface EngineAdapter {
  readonly name: Engine;
  capture(job: EngineCapture, affinity?: string): Promise<PageCapture>;
  /** up, idle (nothing started yet) or down (crashed or restarting). */
  state(): BrowserState;
  close(): Promise<void>;
}

/** What the catalogue says drew a picture: `{"name":"webkit","version":"2.50.6"}`. */
export interface EngineIdentity {
  name: Engine;
  version: string;
}
