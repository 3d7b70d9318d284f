import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, Max, Min } from 'class-validator';

/** POST /v1/emails/{guid}/shares: an optional lifetime, capped by the email's own. */
export class CreateShareDto {
  @ApiPropertyOptional({
    description:
      "Hours the page stays open; absent, or longer than the email has left: until the email's expiry",
    minimum: 0.1,
    maximum: 8760,
    example: 24,
  })
  @IsOptional()
  @Max(8760, { message: "'expires_in_hours' must be at most 8760" })
  @Min(0.1, { message: "'expires_in_hours' must be at least 0.1" })
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: "'expires_in_hours' must be a number" },
  )
  expires_in_hours?: number;
}
