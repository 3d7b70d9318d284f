import { IsIn, IsOptional, IsString } from 'class-validator';

/** The one message for every refused fallback_url (CONTRACT "Previews"). */
export const FALLBACK_URL_RULE =
  "'fallback_url' must be an absolute https URL on a public host (or on a host FALLBACK_URL_HOSTS allows)";
import { CaptureOptionsDto } from '../../emails/dto/capture-configuration.dto';

/** Query of the preview GETs (CONTRACT "Previews"). */
export class PreviewQueryDto extends CaptureOptionsDto {
  @IsOptional()
  @IsIn(['true', 'false'], { message: "'fallback' must be 'true' or 'false'" })
  fallback?: 'true' | 'false';

  @IsOptional()
  @IsString({ message: FALLBACK_URL_RULE })
  fallback_url?: string;
}
