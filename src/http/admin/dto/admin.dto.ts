import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { CursorQueryDto } from '../../paging/cursor-query.dto';

const URIS = { each: true, message: 'callback URIs must be strings' };

/** POST /v1/admin/applications. */
export class CreateApplicationDto {
  @ApiProperty({ example: 'Acme previews' })
  @MaxLength(200, { message: "'name' must be at most 200 characters" })
  @IsString({ message: "'name' must be a string" })
  name: string;

  @ApiProperty({ example: ['https://acme.example/callback'], description: 'https URLs' })
  @ArrayMaxSize(20, { message: "'callback_uris' holds at most 20 URIs" })
  @MaxLength(2000, { each: true, message: 'a callback URI has at most 2000 characters' })
  @IsString(URIS)
  @IsArray({ message: "'callback_uris' must be an array" })
  callback_uris: string[];

  @ApiPropertyOptional({ description: 'A public client: no secret, PKCE required' })
  @IsOptional()
  @IsBoolean({ message: "'public' must be true or false" })
  public?: boolean;
}

/** PATCH /v1/admin/applications/{client_id}. */
export class ChangeApplicationDto {
  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(200, { message: "'name' must be at most 200 characters" })
  @IsString({ message: "'name' must be a string" })
  name?: string;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @ArrayMaxSize(20, { message: "'add_callback_uris' holds at most 20 URIs" })
  @MaxLength(2000, { each: true, message: 'a callback URI has at most 2000 characters' })
  @IsString(URIS)
  @IsArray({ message: "'add_callback_uris' must be an array" })
  add_callback_uris?: string[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @ArrayMaxSize(20, { message: "'remove_callback_uris' holds at most 20 URIs" })
  @IsString(URIS)
  @IsArray({ message: "'remove_callback_uris' must be an array" })
  remove_callback_uris?: string[];
}

/** POST /v1/admin/users. */
export class CreateUserDto {
  @ApiProperty({ example: 'sam@acme.example' })
  @MaxLength(320, { message: "'email' must be at most 320 characters" })
  @IsString({ message: "'email' must be a string" })
  email: string;

  @ApiProperty()
  @MaxLength(200, { message: "'name' must be at most 200 characters" })
  @IsString({ message: "'name' must be a string" })
  name: string;

  @ApiProperty({ description: 'At least 10 characters; stored as an argon2id hash' })
  @MaxLength(1000, { message: "'password' must be at most 1000 characters" })
  @IsString({ message: "'password' must be a string" })
  password: string;
}

/** POST /v1/admin/staff-keys. */
export class CreateStaffKeyDto {
  @ApiProperty({ example: 'Finance team' })
  @MaxLength(200, { message: "'name' must be at most 200 characters" })
  @IsString({ message: "'name' must be a string" })
  name: string;

  @ApiProperty({ enum: ['billing', 'admin'] })
  @IsIn(['billing', 'admin'], { message: "'role' must be billing or admin" })
  role: string;
}

/** GET /v1/admin/audit: filters, and either page and per_page or limit and cursor. */
export class AuditQueryDto extends CursorQueryDto {
  @ApiPropertyOptional({ example: 'application.disable' })
  @IsOptional()
  @MaxLength(60, { message: "'action' must be at most 60 characters" })
  @IsString()
  action?: string;

  @ApiPropertyOptional({ enum: ['application', 'user', 'staff-key'] })
  @IsOptional()
  @IsIn(['application', 'user', 'staff-key'], {
    message: "'target_type' must be application, user or staff-key",
  })
  target_type?: string;

  @ApiPropertyOptional({ description: "A client_id, a user's or a staff key's id" })
  @IsOptional()
  @MaxLength(64, { message: "'target' must be at most 64 characters" })
  @IsString()
  target?: string;

  @ApiPropertyOptional({ description: "The acting staff key's id" })
  @IsOptional()
  @MaxLength(36, { message: "'staff_key' must be a staff key id" })
  @IsString()
  staff_key?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: "'from' must be an ISO 8601 time" })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: "'to' must be an ISO 8601 time" })
  to?: string;

  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: "'page' must be a whole number" })
  @Min(1, { message: "'page' must be 1 or more" })
  @Max(100000, { message: "'page' must be at most 100000" })
  page?: number;

  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: "'per_page' must be a whole number" })
  @Min(1, { message: "'per_page' must be 1 or more" })
  @Max(200, { message: "'per_page' must be at most 200" })
  per_page?: number;
}
