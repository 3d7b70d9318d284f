import type { LikelySettings } from './engine-port';

/** The engine host's record of one launch of an instance, from its start to its end. */
export interface Instance<I> {
  key: string;
  /** The device it was launched for: its successor is launched for the same. */
  device: LikelySettings;
  launched: Promise<I>;
  /** Rejects (a crash) once it goes away; some engine calls never settle then. */
  gone: Promise<never>;
  up: boolean;
  uses: number;
  active: number;
  /** Hands out nothing more: recycled, lost or shut down; it ends when its last capture does. */
  retired: boolean;
}
