import { IsIdentifierText } from '../../common/identifier-text';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { CaptureConfigurationDto } from './capture-configuration.dto';

/** POST /v1/emails (CONTRACT.md). Unknown fields are ignored. */
export class CreateEmailDto {
  @IsOptional()
  @IsString({ message: "'html_text' must be a string" })
  html_text?: string;

  @IsOptional()
  @IsString({ message: "'plain_text' must be a string" })
  plain_text?: string;

  @IsOptional()
  @IsString({ message: "'raw_source' must be a string" })
  raw_source?: string;

  @IsOptional()
  @MaxLength(998, { message: "'subject' must be at most 998 characters" })
  @IsString({ message: "'subject' must be a string" })
  subject?: string;

  @IsOptional()
  @IsEmail({}, { message: "'from_address' must be an email address" })
  from_address?: string;

  @IsOptional()
  @MaxLength(200, { message: "'from_display_name' must be at most 200 characters" })
  @IsString({ message: "'from_display_name' must be a string" })
  from_display_name?: string;

  @IsOptional()
  @MaxLength(64, { message: "'end_user_id' must be at most 64 characters" })
  @IsIdentifierText()
  @IsNotEmpty({ message: "'end_user_id' must not be empty" })
  @IsString({ message: "'end_user_id' must be a string" })
  end_user_id?: string;

  // class-validator runs the decorator nearest the property first: type checks go last.
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => CaptureConfigurationDto)
  @ArrayMaxSize(500, { message: "'configurations' must have at most 500 entries" })
  @IsArray({ message: "'configurations' must be an array" })
  configurations?: CaptureConfigurationDto[];
}

export const CONTENT_FIELDS = ['html_text', 'plain_text', 'raw_source'] as const;
/** Fields that raw_source already carries, so they may not be sent beside it. */
export const FIELDS_EXCLUSIVE_WITH_RAW = [
  'html_text',
  'plain_text',
  'subject',
  'from_address',
  'from_display_name',
] as const;
