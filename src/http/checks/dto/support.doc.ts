import { ApiProperty } from '@nestjs/swagger';

/** The support analysis of GET /v1/emails/<guid>/checks, for the OpenAPI document. */
export class SourcePositionDoc {
  @ApiProperty({ description: '1-based line of the email source' }) line: number;
  @ApiProperty({ description: '1-based column' }) column: number;
}

export class ClientLackDoc {
  @ApiProperty({ example: 'OL2019' }) client: string;
  @ApiProperty({ enum: ['n', 'a'], description: 'n: not supported; a: in part' }) support: string;
  @ApiProperty({ type: [String], description: "caniemail's notes the value cites" })
  notes: string[];
}

export class FeatureSupportDoc {
  @ApiProperty({ example: 'css-display-flex' }) slug: string;
  @ApiProperty({ example: 'display:flex' }) title: string;
  @ApiProperty({ example: 'https://www.caniemail.com/features/css-display-flex/' })
  source: string;
  @ApiProperty({ type: () => [SourcePositionDoc], description: 'Where it is used (first 20)' })
  positions: SourcePositionDoc[];
  @ApiProperty({ type: () => [ClientLackDoc], description: 'Clients of the set lacking it' })
  lacking: ClientLackDoc[];
}

export class SupportScoreDoc {
  @ApiProperty({
    type: 'number',
    nullable: true,
    description: "The clients' scores weighted by CLIENT_SHARES (equal when unset)",
  })
  overall: number | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number', nullable: true },
    description: 'Per client: the share of the used features it supports (in part: a half), 0 to 1',
  })
  clients: Record<string, number | null>;
}

export class SupportAnalysisDoc {
  @ApiProperty({ type: [String], example: ['OL2019', 'GMAILNEW'] }) clients: string[];
  @ApiProperty({ type: () => [FeatureSupportDoc] }) features: FeatureSupportDoc[];
  @ApiProperty({ type: () => SupportScoreDoc }) score: SupportScoreDoc;
}
