import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The contract's error body, for the OpenAPI document. */
export class ErrorBodyDoc {
  @ApiProperty({ example: 400 }) status: number;
  @ApiProperty({ example: 'Bad Request' }) title: string;
  @ApiPropertyOptional({ example: "'client' must be valid, see /clients" }) description?: string;
}

/** The same error as RFC 9457 problem details, for a caller whose Accept asks for them. */
export class ProblemDetailsDoc {
  @ApiProperty({ example: 'about:blank' }) type: string;
  @ApiProperty({ example: 'Bad Request' }) title: string;
  @ApiProperty({ example: 400 }) status: number;
  @ApiPropertyOptional({ example: "'client' must be valid, see /clients" }) detail?: string;
}
