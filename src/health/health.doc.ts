import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Health answers, for the OpenAPI document. */
export class HealthDoc {
  @ApiProperty({ enum: ['ok', 'unavailable'] }) status: string;
  @ApiPropertyOptional({
    description: "Each dependency: 'ok', 'unused' or 'failed: <why>'",
    example: { database: 'ok', redis: 'unused', browser: 'ok' },
  })
  checks?: Record<string, string>;
}
