import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Rows a page holds when a cursor comes without `limit`: what `per_page` defaults to. */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

/** The query of every list that pages by cursor (docs/api.md#pagination). */
export class CursorQueryDto {
  @ApiPropertyOptional({
    default: DEFAULT_LIMIT,
    minimum: 1,
    maximum: MAX_LIMIT,
    description:
      'Rows per page. With limit or cursor the list answers one page, and a Link rel="next" header while more follow; with neither, as before',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: "'limit' must be a whole number" })
  @Min(1, { message: "'limit' must be 1 or more" })
  @Max(MAX_LIMIT, { message: `'limit' must be at most ${MAX_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({
    description:
      'Where the page starts: the opaque cursor of the previous page\'s Link rel="next" (from the first row when absent)',
  })
  @IsOptional()
  @IsString({ message: "'cursor' must be a string" })
  @MaxLength(500, { message: "'cursor' is not a cursor of this list" })
  cursor?: string;
}
