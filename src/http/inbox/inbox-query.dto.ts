import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import type { Appearance } from '../../rendering';

/** Query of the inbox view GETs (docs/api.md#inbox-views). */
export class InboxQueryDto {
  @ApiPropertyOptional({
    enum: ['light', 'dark'],
    description: "The list's appearance; default: the profile's (dark for a dark profile).",
  })
  @IsOptional()
  @IsIn(['light', 'dark'], { message: "'appearance' must be one of 'light', 'dark'" })
  appearance?: Appearance;
}
