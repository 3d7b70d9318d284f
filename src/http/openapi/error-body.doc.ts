import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The contract's error body, for the OpenAPI document. */
export class ErrorBodyDoc {
  @ApiProperty({ example: 400 }) status: number;
  @ApiProperty({ example: 'Bad Request' }) title: string;
  @ApiPropertyOptional({ example: "'client' must be valid, see /clients" }) description?: string;
}
