import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import {
  IMAGES_OPTIONS,
  ImagesOption,
  ORIENTATION_OPTIONS,
  OrientationOption,
} from '../../rendering/catalog/options';

/** `images`: allowed | blocked, with the contract's message (also used by the preview query). */
export const IsImagesOption = () =>
  IsIn(IMAGES_OPTIONS, { message: "'images' must be 'allowed' or 'blocked'" });
export const IsOrientationOption = () =>
  IsIn(ORIENTATION_OPTIONS, { message: "'orientation' must be 'vertical' or 'horizontal'" });

/** One capture configuration (CONTRACT: `{"client", "images", "orientation"}`). */
export class CaptureConfigurationDto {
  @IsString({ message: "'client' must be a string" })
  @IsNotEmpty({ message: "'client' is required" }) // runs first: nearest the property
  client: string;

  @IsOptional()
  @IsImagesOption()
  images?: ImagesOption;

  @IsOptional()
  @IsOrientationOption()
  orientation?: OrientationOption;
}

/** A configuration with its defaults filled in, as echoed back. */
export interface CaptureConfiguration {
  client: string;
  images: ImagesOption;
  orientation: OrientationOption;
}
