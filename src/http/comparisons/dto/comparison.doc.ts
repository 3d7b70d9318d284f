import { ApiProperty } from '@nestjs/swagger';

/** One client of a comparison, for the OpenAPI document. */
export class ComparisonResultDoc {
  @ApiProperty({ example: 'OL2019' }) client: string;
  @ApiProperty({
    description: 'Changed pixels over the larger image’s area; 0 when the renders are identical',
    example: 0.0123,
  })
  changed_ratio: number;
  @ApiProperty({
    description: 'Pixels that differ, anti-aliasing excepted; rows only one image has count',
  })
  changed_pixels: number;
  @ApiProperty({ format: 'uri' }) base_url: string;
  @ApiProperty({ format: 'uri' }) head_url: string;
  @ApiProperty({ format: 'uri', description: 'The diff image on the capture host' })
  diff_url: string;
}

export class ComparisonDoc {
  @ApiProperty({ type: () => [ComparisonResultDoc] }) results: ComparisonResultDoc[];
}
