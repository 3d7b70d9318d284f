import { ApiProperty } from '@nestjs/swagger';

/** What an erasure removed, for the OpenAPI document. */
export class ErasedEmailDoc {
  @ApiProperty({ format: 'uuid' }) email_guid: string;
  @ApiProperty({ description: 'Captures removed with their files' }) captures_erased: number;
}

export class ErasedEndUserDoc {
  @ApiProperty() end_user_id: string;
  @ApiProperty() emails_erased: number;
  @ApiProperty({ description: 'Captures removed with their files' }) captures_erased: number;
}
