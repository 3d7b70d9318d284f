import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';

/** The one message for every refused fallback_url (docs/api.md#image-endpoints-and-fallback). */
export const FALLBACK_URL_RULE =
  "'fallback_url' must be an absolute https URL on a public host (or on a host FALLBACK_URL_HOSTS allows)";
import { CaptureOptionsDto } from '../../emails/dto/capture-configuration.dto';
import type { PreviewQuery } from '../../../domain/previews/preview-query';

/** Query of the preview GETs (docs/api.md#preview-details). */
export class PreviewQueryDto extends CaptureOptionsDto implements PreviewQuery {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description:
      'Image endpoints: on failure, redirect to a placeholder image instead of an error.',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: "'fallback' must be 'true' or 'false'" })
  fallback?: 'true' | 'false';

  @ApiPropertyOptional({
    format: 'uri',
    description:
      'With fallback=true: the placeholder to redirect to (absolute https, public host).',
  })
  @IsOptional()
  @IsString({ message: FALLBACK_URL_RULE })
  fallback_url?: string;
}
