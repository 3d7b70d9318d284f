import type { ImagesOption, OrientationOption } from './options';

export type Engine = 'chromium' | 'webkit' | 'gecko';
export type DarkStrategy = 'none' | 'prefers-color-scheme' | 'partial-inversion' | 'full-inversion';
export type FamilyRule =
  | 'word-engine'
  | 'dpi-120'
  | 'gmail'
  | 'gmail-non-google-account'
  | 'outlook-com'
  | 'yahoo'
  | 'fit-to-width'
  | 'plain-text'
  | 'colorblind';

/** Which caniemail.json column describes this client (family/platform/version). */
export interface CaniemailKey {
  family: string;
  platform: string;
  /** Absent: the most recent test of that family and platform. */
  version?: string;
}

/** One emulation profile: how a named client is reproduced (client-profiles.json). */
export interface ClientProfile {
  code: string;
  name: string;
  group: 'Desktop' | 'Mobile/Tablet' | 'Web-based';
  platform: string;
  status: string;
  orientation_options: OrientationOption[];
  images_options: ImagesOption[];
  engine: Engine;
  /** CSS pixels, vertical orientation. */
  viewport: { width: number; height: number };
  device_scale_factor: number;
  dark: DarkStrategy;
  caniemail: CaniemailKey | null;
  rules: FamilyRule[];
  /** Word-engine profiles: the mso version conditional comments are evaluated against. */
  mso?: number;
  /** One honest line on how the client is emulated. */
  emulation: string;
}
