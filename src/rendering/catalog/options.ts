export const IMAGES_OPTIONS = ['allowed', 'blocked'] as const;
export const ORIENTATION_OPTIONS = ['vertical', 'horizontal'] as const;
export type ImagesOption = (typeof IMAGES_OPTIONS)[number];
export type OrientationOption = (typeof ORIENTATION_OPTIONS)[number];

/** The capture options of one render. */
export interface RenderOptions {
  images: ImagesOption;
  orientation: OrientationOption;
}
