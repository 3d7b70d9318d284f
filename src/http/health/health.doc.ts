import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** @nestjs/terminus's health answer, for the OpenAPI document. */
export class HealthDoc {
  @ApiProperty({ enum: ['ok', 'error'] }) status: string;
  @ApiPropertyOptional({
    description: 'Dependencies that are up (`used: false`: not used by this process)',
    example: {
      database: { status: 'up' },
      redis: { status: 'up', used: false },
      browser: { status: 'up' },
    },
  })
  info?: Record<string, unknown>;
  @ApiPropertyOptional({
    description: 'Dependencies that are down, with a message',
    example: { browser: { status: 'down', message: 'the browser is down (relaunching)' } },
  })
  error?: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'Both together' })
  details?: Record<string, unknown>;
}
