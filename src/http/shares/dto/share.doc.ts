import { ApiProperty } from '@nestjs/swagger';

/** A share just made, for the OpenAPI document. */
export class CreatedShareDoc {
  @ApiProperty({ format: 'uuid', description: 'What DELETE /v1/emails/{guid}/shares/{id} names' })
  id: string;

  @ApiProperty({
    format: 'uri',
    description: 'The share page: a capability URL, shown in this answer only',
    example: 'https://previews.example/s/ipsh_q8Gm1kLr2ZP0xY7wB3nV9tHc5JdE4uSa6fKiRoWjXyQ',
  })
  url: string;

  @ApiProperty({ format: 'date-time', description: "At the latest, the email's own expiry" })
  expires_at: string;
}
