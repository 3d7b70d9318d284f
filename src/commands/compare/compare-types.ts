import type { ImagesOption, OrientationOption } from '../../rendering';

/** `npm run cli -- compare`, its arguments checked. */
export interface CompareArgs {
  /** Absolute paths of two readable files: .html, or a whole message (.eml). */
  base: string;
  head: string;
  /** Upper-case client codes, each once, in the order given. */
  clients: string[];
  /** A client changed when its changed ratio is above this (0 to 1). */
  threshold: number;
  /** Where to write `<client>-<orientation>-<images>-diff.png`; nothing written without it. */
  out?: string;
  json: boolean;
  images: ImagesOption;
  orientation: OrientationOption;
  /**
   * The service that renders and compares; absent: rendered in this process. A diff image
   * downloaded from it may be `maxDownloadBytes` long at most (--max-download).
   */
  remote?: { url: string; key: string; maxDownloadBytes: number };
}

/** Where the command writes: results on stdout, progress and reasons on stderr. */
export interface CompareIo {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
}

/** One client's comparison, as a mode (in-process or remote) made it. */
export interface ClientDiff {
  client: string;
  changedRatio: number;
  changedPixels: number;
  /** The diff PNG written under --out, or the service's diff_url; null when neither. */
  diff: string | null;
}

/** Bad input, or a comparison that could not be made: exit code 2, the message on stderr. */
export class CompareError extends Error {}
