import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IMAGES_OPTIONS, ORIENTATION_OPTIONS } from '../../../rendering';

/** Answers of POST /v1/emails and prefetch, for the OpenAPI document (handlers return plain objects). */
export class ConfigurationDoc {
  @ApiProperty({ example: 'OL2019' }) client: string;
  @ApiProperty({ enum: IMAGES_OPTIONS }) images: string;
  @ApiProperty({ enum: ORIENTATION_OPTIONS }) orientation: string;
}

export class CreatedEmailDoc {
  @ApiProperty({ format: 'uuid' }) email_guid: string;
  @ApiPropertyOptional() end_user_id?: string;
  @ApiPropertyOptional({ type: () => [ConfigurationDoc] }) configurations?: ConfigurationDoc[];
}

export class ConfigurationsDoc {
  @ApiProperty({ type: () => [ConfigurationDoc] }) configurations: ConfigurationDoc[];
}
