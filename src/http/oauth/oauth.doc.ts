import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Answers of /oauth/token and its RFC 6749 errors, for the OpenAPI document. */
export class TokenDoc {
  @ApiProperty({ example: 'Bearer' }) token_type: string;
  @ApiProperty({ example: 7200 }) expires_in: number;
  @ApiProperty() access_token: string;
  @ApiProperty() refresh_token: string;
  @ApiProperty({ example: 'full' }) scope: string;
}

export class OAuthErrorDoc {
  @ApiProperty({ example: 'invalid_grant' }) error: string;
  @ApiPropertyOptional() error_description?: string;
}
