import { ApiProperty } from '@nestjs/swagger';
import { ConfigurationDoc } from '../../emails/dto/created-email.doc';

/** Answers of the preview endpoints, for the OpenAPI document. */
export class PreviewUrlsDoc {
  @ApiProperty({ format: 'uri', description: 'The whole message at the client width' })
  full_url: string;
  @ApiProperty({ format: 'uri', description: 'About 120 px wide' }) thumb_url: string;
  @ApiProperty({ format: 'uri', description: '450 px wide' }) thumb450_url: string;
  @ApiProperty({ format: 'uri', description: 'The emulation report of this configuration' })
  report_url: string;
}

export class ReportEntryDoc {
  @ApiProperty({ description: 'caniemail feature slug, or rule:<family rule>' }) slug: string;
  @ApiProperty() title: string;
  @ApiProperty({ example: 'style attribute' }) where: string;
  @ApiProperty({
    description: 'The public record of the behaviour',
    example: 'caniemail css-border-radius',
  })
  source: string;
  @ApiProperty() count: number;
}

export class EmulationReportDoc extends ConfigurationDoc {
  @ApiProperty({ format: 'uuid' }) email_guid: string;
  @ApiProperty({ format: 'date-time' }) captured_at: string;
  @ApiProperty({ type: () => [ReportEntryDoc] }) entries: ReportEntryDoc[];
}
