import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { GROUP_BY, GroupBy } from '../usage-report';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** GET /v1/billing/usage query. */
export class UsageQueryDto {
  @Matches(DATE, { message: "'from' must be a date YYYY-MM-DD" })
  from: string;

  @Matches(DATE, { message: "'to' must be a date YYYY-MM-DD" })
  to: string;

  @IsOptional()
  @IsString()
  @MaxLength(36, { message: "'account' must be an account id" })
  account?: string;

  @IsOptional()
  @IsString()
  @MaxLength(36, { message: "'application' must be an application id" })
  application?: string;

  @IsOptional()
  @IsIn(GROUP_BY, { message: `'group_by' must be one of ${GROUP_BY.join(', ')}` })
  group_by?: GroupBy;

  @IsOptional()
  @IsIn(['json', 'csv'], { message: "'format' must be 'json' or 'csv'" })
  format?: 'json' | 'csv';
}
