import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { GROUP_BY, GroupBy } from '../../../domain/billing/usage-report';
import { CursorQueryDto } from '../../paging/cursor-query.dto';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** strict: a day the month has (no 2026-02-31, no 2025-02-29). */
const CALENDAR_DAY = { strict: true };

/** A range of UTC days, both inclusive. */
export class DayRangeDto {
  @ApiProperty({ format: 'date', example: '2026-11-01', description: 'First day, inclusive (UTC)' })
  @IsISO8601(CALENDAR_DAY, { message: "'from' is not a calendar date" })
  @Matches(DATE, { message: "'from' must be a date YYYY-MM-DD" })
  from: string;

  @IsISO8601(CALENDAR_DAY, { message: "'to' is not a calendar date" })
  @Matches(DATE, { message: "'to' must be a date YYYY-MM-DD" })
  @ApiProperty({ format: 'date', example: '2026-11-30', description: 'Last day, inclusive (UTC)' })
  to: string;
}

/** GET /v1/billing/usage query. */
export class UsageQueryDto extends DayRangeDto {
  @ApiPropertyOptional({ description: 'Only this account (id)' })
  @IsOptional()
  @IsString()
  @MaxLength(36, { message: "'account' must be an account id" })
  account?: string;

  @ApiPropertyOptional({ description: 'Only this application (id)' })
  @IsOptional()
  @IsString()
  @MaxLength(36, { message: "'application' must be an application id" })
  application?: string;

  @ApiPropertyOptional({ description: "Only this end user's captures (end_user_id)" })
  @IsOptional()
  @IsString()
  @MaxLength(64, { message: "'end_user' must be at most 64 characters" })
  end_user?: string;

  @ApiPropertyOptional({ enum: GROUP_BY, default: 'account' })
  @IsOptional()
  @IsIn(GROUP_BY, { message: `'group_by' must be one of ${GROUP_BY.join(', ')}` })
  group_by?: GroupBy;

  @ApiPropertyOptional({
    description: 'Only the rows with the most captures, this many (ties by key)',
    minimum: 1,
    maximum: 1000,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: "'top' must be a whole number" })
  @Min(1, { message: "'top' must be 1 or more" })
  @Max(1000, { message: "'top' must be at most 1000" })
  top?: number;

  @ApiPropertyOptional({
    enum: ['json', 'csv'],
    description: 'Default: JSON, or CSV when Accept asks for text/csv',
  })
  @IsOptional()
  @IsIn(['json', 'csv'], { message: "'format' must be 'json' or 'csv'" })
  format?: 'json' | 'csv';
}

/** GET /v1/billing/end-users/{end_user_id}/captures query: a range of UTC days, and paging. */
export class EndUserCapturesQueryDto extends IntersectionType(DayRangeDto, CursorQueryDto) {}
