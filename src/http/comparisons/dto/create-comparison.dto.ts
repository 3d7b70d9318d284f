import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
} from 'class-validator';
import { CaptureOptionsDto } from '../../emails/dto/capture-configuration.dto';
import type { ComparisonRequest } from '../../../domain/comparisons/comparison-request';

/** POST /v1/comparisons: two emails of the caller's account, compared client by client. */
export class CreateComparisonDto extends CaptureOptionsDto implements ComparisonRequest {
  @ApiProperty({ description: 'The earlier version: an email_guid of POST /v1/emails' })
  @IsString({ message: "'base_email_guid' must be a string" })
  @IsNotEmpty({ message: "'base_email_guid' is required" })
  base_email_guid: string;

  @ApiProperty({ description: 'The later version, compared against the base' })
  @IsString({ message: "'head_email_guid' must be a string" })
  @IsNotEmpty({ message: "'head_email_guid' is required" })
  head_email_guid: string;

  @ApiPropertyOptional({
    type: [String],
    description:
      'Client codes of GET /v1/clients; by default every client either email was captured in with these options',
    example: ['OL2019', 'IPHONE13'],
    maxItems: 200,
  })
  @IsOptional()
  @ArrayMaxSize(200, { message: "'clients' must have at most 200 entries" })
  @IsString({ each: true, message: "'clients' must be an array of client codes" })
  @ArrayNotEmpty({ message: "'clients' must not be empty" })
  @IsArray({ message: "'clients' must be an array" })
  clients?: string[];
}
