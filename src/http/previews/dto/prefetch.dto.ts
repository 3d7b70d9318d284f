import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, ValidateNested } from 'class-validator';
import { CaptureConfigurationDto } from '../../emails/dto/capture-configuration.dto';

/** POST /v1/emails/:guid/previews/prefetch. */
export class PrefetchDto {
  @ApiProperty({ type: () => [CaptureConfigurationDto], minItems: 1, maxItems: 500 })
  @ValidateNested({ each: true })
  @Type(() => CaptureConfigurationDto)
  @ArrayMaxSize(500, { message: "'configurations' must have at most 500 entries" })
  @ArrayNotEmpty({ message: "'configurations' must not be empty" })
  @IsArray({ message: "'configurations' must be an array" })
  configurations: CaptureConfigurationDto[];
}
