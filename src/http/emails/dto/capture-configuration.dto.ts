import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import {
  IMAGES_OPTIONS,
  ImagesOption,
  ORIENTATION_OPTIONS,
  OrientationOption,
} from '../../../rendering';
import type {
  CaptureConfigurationInput,
  CaptureOptionsInput,
} from '../../../domain/emails/email-upload';

/** The capture options of a configuration; the preview query carries them too. */
export class CaptureOptionsDto implements CaptureOptionsInput {
  @ApiPropertyOptional({ enum: IMAGES_OPTIONS, default: 'allowed' })
  @IsOptional()
  @IsIn(IMAGES_OPTIONS, { message: "'images' must be 'allowed' or 'blocked'" })
  images?: ImagesOption;

  @ApiPropertyOptional({ enum: ORIENTATION_OPTIONS, default: 'vertical' })
  @IsOptional()
  @IsIn(ORIENTATION_OPTIONS, { message: "'orientation' must be 'vertical' or 'horizontal'" })
  orientation?: OrientationOption;
}

/**
 * One capture configuration (docs/api.md#email-upload-details:
 * `{"client", "images", "orientation"}`).
 */
export class CaptureConfigurationDto
  extends CaptureOptionsDto
  implements CaptureConfigurationInput
{
  @ApiProperty({ description: 'A client code of GET /v1/clients', example: 'OL2019' })
  @IsString({ message: "'client' must be a string" })
  @IsNotEmpty({ message: "'client' is required" }) // runs first: nearest the property
  client: string;
}
