import { IsIn, IsOptional, IsUrl } from 'class-validator';
import {
  IMAGES_OPTIONS,
  ImagesOption,
  ORIENTATION_OPTIONS,
  OrientationOption,
} from '../../rendering/catalog/options';

/** Query of the preview GETs (CONTRACT "Previews"). */
export class PreviewQueryDto {
  @IsOptional()
  @IsIn(IMAGES_OPTIONS, { message: "'images' must be 'allowed' or 'blocked'" })
  images?: ImagesOption;

  @IsOptional()
  @IsIn(ORIENTATION_OPTIONS, { message: "'orientation' must be 'vertical' or 'horizontal'" })
  orientation?: OrientationOption;

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
