import { ApiProperty } from '@nestjs/swagger';

/** GET /v1/intake and its rotation, for the OpenAPI document. */
export class IntakeAddressDoc {
  @ApiProperty({
    format: 'email',
    description:
      'Mail to it (or to `<token>+<end_user_id>@...`) becomes an email of this application, without SMTP AUTH',
    example: '3f9c0a51d2e4b6a7c8d9e0f1@preview.example.com',
  })
  address: string;
}
