import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SupportAnalysisDoc } from './support.doc';

/** One finding of GET /v1/emails/<guid>/checks, for the OpenAPI document. */
export class CheckFindingDoc {
  @ApiProperty({ example: 'img-alt' }) id: string;
  @ApiProperty({ enum: ['error', 'warning', 'info'] }) severity: string;
  @ApiProperty() message: string;
  @ApiProperty({ example: 'WCAG 2.2 SC 1.1.1 Non-text Content' }) source: string;
  @ApiPropertyOptional({ example: 'table > tr > td > img' }) element?: string;
  @ApiPropertyOptional({ type: [String], example: ['IPHONE13'] }) clients?: string[];
}

export class CheckLinksDoc {
  @ApiProperty({ example: 'http://localhost:3000/v1/emails/<guid>/deliverability' })
  deliverability: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { GMAILNEW: 'http://localhost:3000/v1/emails/<guid>/inbox/GMAILNEW' },
  })
  inbox: Record<string, string>;
}

export class ChecksDoc {
  @ApiProperty({ type: () => [CheckFindingDoc] }) checks: CheckFindingDoc[];
  @ApiProperty({ type: () => SupportAnalysisDoc }) support: SupportAnalysisDoc;
  @ApiProperty({ type: () => CheckLinksDoc }) links: CheckLinksDoc;
}
