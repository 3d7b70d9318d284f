import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';

export const IMAGES_OPTIONS = ['allowed', 'blocked'] as const;
export const ORIENTATION_OPTIONS = ['vertical', 'horizontal'] as const;
export type ImagesOption = (typeof IMAGES_OPTIONS)[number];
export type OrientationOption = (typeof ORIENTATION_OPTIONS)[number];

/** One capture configuration (CONTRACT: `{"client", "images", "orientation"}`). */
export class CaptureConfigurationDto {
  @IsString({ message: "'client' must be a string" })
  @IsNotEmpty({ message: "'client' is required" }) // runs first: nearest the property
  client: string;

  @IsOptional()
  @IsIn(IMAGES_OPTIONS, { message: "'images' must be 'allowed' or 'blocked'" })
  images?: ImagesOption;

  @IsOptional()
  @IsIn(ORIENTATION_OPTIONS, { message: "'orientation' must be 'vertical' or 'horizontal'" })
  orientation?: OrientationOption;
}

/** A configuration with its defaults filled in, as echoed back. */
export interface CaptureConfiguration {
  client: string;
  images: ImagesOption;
  orientation: OrientationOption;
}

export function withDefaults(configuration: CaptureConfigurationDto): CaptureConfiguration {
  return {
    client: configuration.client.toUpperCase(),
    images: configuration.images ?? 'allowed',
    orientation: configuration.orientation ?? 'vertical',
  };
}
