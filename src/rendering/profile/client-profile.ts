import type { ImagesOption, OrientationOption } from './options';
export const DARK_STRATEGIES = [
  'none',
  'prefers-color-scheme',
  'partial-inversion',
  'full-inversion',
] as const;
export type DarkStrategy = (typeof DARK_STRATEGIES)[number];
export const GROUPS = ['Desktop', 'Mobile/Tablet', 'Web-based'] as const;

/**
 * How the picture of a profile is taken, whatever its family: the app zooms the email out to
 * the screen's width (mobile apps), or the picture is seen with colour blindness.
 */
export const CAPTURE_RULES = ['fit-to-width', 'colorblind'] as const;
export type CaptureRule = (typeof CAPTURE_RULES)[number];

/** Which caniemail.json column describes this client (family/platform/version). */
export interface CaniemailKey {
  family: string;
  platform: string;
  /** Absent: the most recent test of that family and platform. */
  version?: string;
}

/** Browsers whose release-by-release record (@mdn/browser-compat-data) stands for an engine. */
export const COMPAT_BROWSERS = ['safari_ios', 'safari', 'firefox', 'chrome_android'] as const;
export type CompatBrowser = (typeof COMPAT_BROWSERS)[number];

/** The browser release whose engine the client embeds (iOS 15's Mail: Safari on iOS 15.0). */
export interface EngineRelease {
  browser: CompatBrowser;
  version: string;
}

/** A client's own version and its engine's, as the client's release notes give them. */
export interface ClientVersions {
  client: string;
  engine: string;
  /**
   * The browser release the engine is, where it is frozen with the client (iOS, macOS,
   * Thunderbird): what it lacked is removed before a newer engine draws. Absent: an engine
   * updated apart from the client (Android's WebView, a webmail's browser) or not a browser's.
   */
  release?: EngineRelease;
}

/** One emulation profile: how a named client is reproduced (its family's profiles.json). */
export interface ClientProfile {
  code: string;
  name: string;
  group: (typeof GROUPS)[number];
  platform: string;
  status: string;
  orientation_options: OrientationOption[];
  images_options: ImagesOption[];
  /** The client's engine, a registered one's name (engine/engine-registry.ts; the catalogue checks it). */
  engine: string;
  /** CSS pixels, vertical orientation. */
  viewport: { width: number; height: number };
  device_scale_factor: number;
  dark: DarkStrategy;
  caniemail: CaniemailKey | null;
  /** The client family (families/registry.ts): what the client does to the email. */
  family: string;
  /** Variants of the family this profile has; each family lists the ones it knows. */
  rules: string[];
  capture: CaptureRule[];
  /** Word-engine profiles: the mso version conditional comments are evaluated against. */
  mso?: number;
  /** The client's version and the engine inside it (Thunderbird's sanitizer changed at 73). */
  versions: ClientVersions;
  /** One honest line on how the client is emulated. */
  emulation: string;
  /**
   * caniemail features taken out of every email on top of what the record says (none in the
   * catalogue): the conformance suite's render of a test with its feature taken out.
   */
  without?: string[];
  /**
   * caniemail partial-support notes (`css-margin #1`) not applied (none in the catalogue):
   * the conformance suite's probe of a note, the render without that note's rule.
   */
  notesOff?: string[];
}
