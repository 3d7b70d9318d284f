import { ApiProperty } from '@nestjs/swagger';
import { GROUP_BY } from '../../../domain/billing/usage-report';

/** The usage report's JSON, for the OpenAPI document (UsageReport is what the code returns). */
export class UsageRowDoc {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The group: an end user, client, day, account or application',
  })
  key: string | null;
  @ApiProperty() captures: number;
  @ApiProperty() unique_end_users: number;
}

export class UsageTotalsDoc {
  @ApiProperty() captures: number;
  @ApiProperty() unique_end_users: number;
}

export class UsageReportDoc {
  @ApiProperty({ format: 'date' }) from: string;
  @ApiProperty({ format: 'date' }) to: string;
  @ApiProperty({ enum: GROUP_BY }) group_by: string;
  @ApiProperty({ type: () => [UsageRowDoc] }) rows: UsageRowDoc[];
  @ApiProperty({ type: () => UsageTotalsDoc }) totals: UsageTotalsDoc;
}
