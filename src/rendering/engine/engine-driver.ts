import type { EngineCapture, LikelySettings, PageCapture } from './engine-port';
import type { Closable } from './parked-contexts';

/**
 * What an engine supplies to the engine host (engine-host.ts), and nothing more: how one of its
 * instances (a browser, a resident renderer) is launched and ended, how a context (one email's
 * isolated session) is opened in it, which processes to watch, which errors mean part of it
 * went away, and the capture on a context (its page's primitives driven by the capture
 * sequence). Slots, deadlines, budgets, kept and warm contexts, relaunch and readiness are
 * the host's, written once.
 */
export interface EngineDriver<Instance, Context extends Closable> {
  /** The engine's instance as errors name it: "the browser", "Firefox", "WebKit's renderer". */
  readonly instanceName: string;
  /** Which instance draws a device: one per key ('' for an engine that draws every device). */
  instanceKey(device: LikelySettings): string;
  /** Contexts pass between captures only within one key and signature (viewport aside). */
  contextSignature(device: LikelySettings): string;
  launch(device: LikelySettings): Promise<Instance>;
  /** Whether the instance still answers (a connection closed a moment before its exit says no). */
  alive(instance: Instance): boolean;
  /** Settles once the instance has gone, asked or not. */
  exited(instance: Instance): Promise<void>;
  /** Ends the instance and every process of it; resolves once it has gone. */
  end(instance: Instance): Promise<void>;
  /** The renderer processes of these instances, for the memory and CPU watch. */
  renderers(instances: readonly Instance[]): Promise<number[]>;
  /** A new context; `ahead`: opened before any capture wants it, its page ready. */
  openContext(instance: Instance, device: LikelySettings, ahead: boolean): Promise<Context>;
  /** The capture, on a context of its own (`reused`: kept from its email's last capture). */
  capture(context: Context, job: EngineCapture, reused: boolean): Promise<PageCapture>;
  /** What went away, where `error` says part of the instance did (a content process), or undefined. */
  isLost(error: Error): string | undefined;
  /** Calls `drop` if a kept context's renderer dies while it waits. */
  watchLoss?(context: Context, drop: () => void): void;
}
