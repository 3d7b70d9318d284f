import type { ImagePlan } from '../model/email-content';
import type { TextSample } from './page-scripts';

/**
 * An engine's name as profiles, ENGINES and reports name it ('webkit'). The registry
 * (engine-registry.ts) holds the names there are; the catalogue and the configuration check
 * theirs against it.
 */
export type Engine = string;

/** How Chromium's sandbox is launched: `preferred` falls back, with a reason, if it must. */
export type SandboxMode = 'required' | 'preferred' | 'off';

/** What every engine is built from: budgets, concurrency, who it runs as, and hooks. */
export interface EngineOptions {
  /** Each engine's own settings (EngineDescriptor.settings, validated), by engine name. */
  settings?: Readonly<Record<Engine, object>>;
  /** ENGINE_USER: who engines run as where the service runs as root (jail/jail.ts). */
  engineUser: string;
  concurrency: number;
  /** Relaunch the browser after this many captures (memory growth, leaks). */
  recycleAfter: number;
  /** A renderer using more resident memory is killed (0: no budget). */
  memoryMb?: number;
  /** A renderer that has used more CPU time gets the lowest priority (0: never). */
  yieldAfterCpuMs?: number;
  /** How long a context waits for its email's next capture (0: a fresh context each time). */
  contextIdleMs?: number;
  /** Keep a fresh context open ahead of demand for the options last used (default off). */
  warmContexts?: boolean;
  /** The fallback engine's sandbox (its `planSandbox`), which the others' follow. */
  sandbox?: SandboxMode;
  /** Told when a `preferred` sandbox could not start, before launching without it. */
  onSandboxOff?: (reason: string) => void;
  /** Told, once per engine, whether WebKit's and Gecko's own sandboxes are on, and why not. */
  onEngineSandbox?: (engine: string, state: string) => void;
  /** Told when the browser went away unasked and is relaunched. */
  onBrowserRestart?: () => void;
}

/** An engine installed here: its version and how to build its adapter. */
export interface InstalledEngine {
  version: string;
  create: (options: EngineOptions) => EngineAdapter;
}

/**
 * What an engine's folder exports, and all the rest of the service knows of it: its name and
 * labels, how it is found and started, and the programs its processes run (accounting of an
 * engine started outside a jail, as the benches' bare engines are). Its readiness is its
 * adapter's `state()`.
 */
export interface EngineDescriptor {
  name: Engine;
  /** The engine's name in reports ("Drawn by WebKit 2.50.6"). */
  title: string;
  /** The engine with its implementation, in readiness and start-up messages. */
  label: string;
  /** /proc/<pid>/comm of its processes when it runs outside a jail. */
  processNames: RegExp;
  /** Found on this machine (its version, how its adapter is built), or why not. */
  find: (options: EngineOptions) => InstalledEngine | { missing: string };
  /**
   * The environment variables it reads, as a class-validator class with their defaults: the
   * configuration validates them beside its own and passes them on (EngineOptions.settings).
   */
  settings?: new () => object;
  /**
   * The sandbox its settings and this machine allow; throws where a setting insists on one that
   * cannot run (a boot error). The fallback engine's plan is every engine's.
   */
  planSandbox?: (settings: object, engineUser: string) => SandboxPlan;
  /** Why it cannot start here, or null: readiness before its first launch (a lazy engine). */
  cannotStart?: (options: Pick<EngineOptions, 'settings'>) => string | null;
}

/** A sandbox as planned before launch, and why: said in the startup log. */
export interface SandboxPlan {
  mode: SandboxMode;
  reason: string;
}

/**
 * up: an engine answers; idle: none started yet (lazy); starting: its first start is under
 * way; down: crashed or restarting.
 */
export type BrowserState = 'up' | 'idle' | 'starting' | 'down';

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
  /** The picture recoloured as a deuteranope sees it (the colour-blind profile). */
  colorblind: boolean;
  timeoutMs: number;
}

/** A device an engine's profiles use: what an engine readies when it starts. */
export type LikelySettings = Pick<CaptureSettings, 'viewport' | 'colorScheme' | 'scale'>;

/** One capture asked of an engine: the prepared document, its stored copies, the device. */
export interface EngineCapture {
  html: string;
  images: ImagePlan;
  settings: CaptureSettings;
}

/**
 * What every engine adapter does behind the same port
 * (docs/architecture.md#engines-and-the-engine-port): an isolated context per email (a context
 * may be kept for the same email's next capture, `affinity`, never handed to another), the
 * stored copies served and nothing else, a deadline (`settings.timeoutMs`) that stops the
 * render, the memory budget, and recovery from a crash with readiness down meanwhile.
 */
export interface EngineAdapter {
  capture(job: EngineCapture, affinity?: string): Promise<PageCapture>;
  /**
   * Starts the engine ahead of its first capture for every device its profiles use (`devices`,
   * likeliest first): whatever a device's scale or colour scheme needs launched is launched,
   * with a fresh context open (where contexts are opened ahead of demand), so no capture
   * waits for a launch.
   */
  start(devices: readonly LikelySettings[]): Promise<void>;
  /** up, idle (nothing started yet) or down (crashed or restarting). */
  state(): BrowserState;
  close(): Promise<void>;
}

/** What the catalogue says drew a picture: `{"name":"webkit","version":"2.50.6"}`. */
export interface EngineIdentity {
  name: Engine;
  version: string;
}
