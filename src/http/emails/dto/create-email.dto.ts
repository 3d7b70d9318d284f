import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIdentifierText } from '../../../base/text/identifier-text';
import { MaxCodePoints } from '../../../base/text/max-code-points';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsNotEmpty,
  IsIP,
  IsOptional,
  Matches,
  IsString,
  ValidateNested,
} from 'class-validator';
import { IsEmailAddress } from '../../../domain/emails/email-address';
import type { EmailUpload } from '../../../domain/emails/email-upload';
import { CaptureConfigurationDto } from './capture-configuration.dto';

/** A DNS host name (letters, digits, hyphens; dot-separated labels of 63 at most; 253 in all). */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/** POST /v1/emails (docs/api.md#email-upload-details). Unknown fields are ignored. */
export class CreateEmailDto implements EmailUpload {
  @ApiPropertyOptional({
    description: 'The HTML body. One of html_text, plain_text or raw_source is required.',
    example: '<p>Hello</p>',
  })
  @IsOptional()
  @IsString({ message: "'html_text' must be a string" })
  html_text?: string;

  @ApiPropertyOptional({ description: 'The plain-text body.' })
  @IsOptional()
  @IsString({ message: "'plain_text' must be a string" })
  plain_text?: string;

  @ApiPropertyOptional({
    description:
      'A whole MIME message (RFC 5322), instead of html_text, plain_text, subject and from_*.',
  })
  @IsOptional()
  @IsString({ message: "'raw_source' must be a string" })
  raw_source?: string;

  @ApiPropertyOptional({ maxLength: 998 })
  @IsOptional()
  @MaxCodePoints(998, { message: "'subject' must be at most 998 characters" })
  @IsString({ message: "'subject' must be a string" })
  subject?: string;

  @ApiPropertyOptional({
    format: 'email',
    description: 'An RFC 5322 address; any domain, `dev@localhost` included.',
  })
  @IsOptional()
  @IsEmailAddress({ message: "'from_address' must be an email address" })
  from_address?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @MaxCodePoints(200, { message: "'from_display_name' must be at most 200 characters" })
  @IsString({ message: "'from_display_name' must be a string" })
  from_display_name?: string;

  @ApiPropertyOptional({
    description:
      'The IP address the email is sent from, for SPF (GET /v1/emails/<guid>/deliverability); with helo.',
    example: '192.0.2.10',
  })
  @IsOptional()
  @IsIP(undefined, { message: "'sending_ip' must be an IPv4 or IPv6 address" })
  sending_ip?: string;

  @ApiPropertyOptional({
    maxLength: 253,
    description:
      'The host name the sending server greets with (EHLO/HELO), for SPF; with sending_ip.',
    example: 'mail.example.com',
  })
  @IsOptional()
  @Matches(HOST_NAME, { message: "'helo' must be a host name" })
  @IsString({ message: "'helo' must be a string" })
  helo?: string;

  @ApiPropertyOptional({
    format: 'email',
    description:
      "The envelope sender (MAIL FROM), for SPF; absent: the From header's address. With sending_ip and helo.",
  })
  @IsOptional()
  @IsEmailAddress({ message: "'mail_from' must be an email address" })
  mail_from?: string;

  @ApiPropertyOptional({
    maxLength: 64,
    description:
      'Who the email is for, in your terms; billing reports count unique end users. No control or bidi characters, not blank.',
    example: 'user-42',
  })
  @IsOptional()
  @MaxCodePoints(64, { message: "'end_user_id' must be at most 64 characters" })
  @IsIdentifierText()
  @IsNotEmpty({ message: "'end_user_id' must not be empty" })
  @IsString({ message: "'end_user_id' must be a string" })
  end_user_id?: string;

  // class-validator runs the decorator nearest the property first: type checks go last.
  @ApiPropertyOptional({
    type: () => [CaptureConfigurationDto],
    maxItems: 500,
    description: 'Configurations to capture in the background right away (prefetch).',
  })
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => CaptureConfigurationDto)
  @ArrayMaxSize(500, { message: "'configurations' must have at most 500 entries" })
  @IsArray({ message: "'configurations' must be an array" })
  configurations?: CaptureConfigurationDto[];
}
