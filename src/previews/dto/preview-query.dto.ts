import { IsIn, IsOptional, IsUrl } from 'class-validator';
import { CaptureOptionsDto } from '../../emails/dto/capture-configuration.dto';

/** Query of the preview GETs (CONTRACT "Previews"). */
export class PreviewQueryDto extends CaptureOptionsDto {
  @IsOptional()
  @IsIn(['true', 'false'], { message: "'fallback' must be 'true' or 'false'" })
  fallback?: 'true' | 'false';

  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: "'fallback_url' must be an absolute http(s) URL" },
  )
  fallback_url?: string;
}
