import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { EVENT_TYPES } from '../../../platform/events/service-event';

/** POST /v1/webhooks. */
export class CreateWebhookDto {
  @ApiProperty({
    description: 'Absolute https URL on a public host (or a host WEBHOOK_ALLOW_HOSTS names)',
    example: 'https://integrator.example/hooks/previews',
  })
  @MaxLength(2000, { message: "'url' must be at most 2000 characters" })
  @IsString({ message: "'url' must be a string" })
  url: string;

  @ApiPropertyOptional({
    description: 'Event types to receive; all of them when absent',
    enum: EVENT_TYPES,
    isArray: true,
  })
  @IsOptional()
  @IsIn(EVENT_TYPES, { each: true, message: `'events' must hold only ${EVENT_TYPES.join(', ')}` })
  @ArrayUnique({ message: "'events' must not repeat a type" })
  @ArrayNotEmpty({ message: "'events' must not be empty" })
  @IsArray({ message: "'events' must be an array" })
  events?: string[];
}
