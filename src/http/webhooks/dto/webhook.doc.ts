import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Why and since when a webhook no longer receives deliveries. */
export class WebhookDisabledDoc {
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ example: 'failing since 2026-01-01T00:00:00.000Z' }) reason: string;
}

/** A webhook as its application sees it, for the OpenAPI document. */
export class WebhookDoc {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uri' }) url: string;
  @ApiProperty({ type: [String], example: ['capture.completed'] }) events: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiPropertyOptional({ type: () => WebhookDisabledDoc }) disabled?: WebhookDisabledDoc;
}

export class CreatedWebhookDoc extends WebhookDoc {
  @ApiProperty({ description: 'The signing secret, shown in this answer only', example: 'whsec_…' })
  secret: string;
}

/** One delivery of the log, for the OpenAPI document. */
export class WebhookDeliveryDoc {
  @ApiProperty({ description: 'The webhook-id header of the delivery' }) id: string;
  @ApiProperty({ example: 'capture.completed' }) event: string;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] }) status: string;
  @ApiProperty() attempts: number;
  @ApiProperty({ type: 'integer', nullable: true }) last_status: number | null;
  @ApiProperty({ type: 'string', nullable: true }) last_error: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  delivered_at: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  next_attempt_at: string | null;
}
