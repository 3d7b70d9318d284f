import { Command, Option } from 'nest-commander';
import { CliCommand, JsonOption } from './cli-command';
import { CliOutput, table } from './cli-output';
import { GROUP_BY, GroupBy, usageCsv, UsageReports } from '../domain/billing/usage-report';
import { ApiError } from '../base/errors/api-error';

interface ReportOptions extends JsonOption {
  month?: string;
  account?: string;
  application?: string;
  groupBy?: string;
  format?: string;
}

@Command({ name: 'billing:report', description: 'Usage of one calendar month (UTC)' })
export class BillingReportCommand extends CliCommand<ReportOptions> {
  constructor(
    private readonly reports: UsageReports,
    output: CliOutput,
  ) {
    super(output);
  }

  protected async execute(_params: string[], options: ReportOptions): Promise<void> {
    const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(options.month ?? '');
    if (!month) throw ApiError.badRequest('--month must be YYYY-MM');
    const groupBy = (options.groupBy ?? 'account') as GroupBy;
    if (!GROUP_BY.includes(groupBy))
      throw ApiError.badRequest(`--group-by must be one of ${GROUP_BY.join(', ')}`);
    const format = options.json ? 'json' : (options.format ?? 'table');
    if (!['table', 'csv', 'json'].includes(format))
      throw ApiError.badRequest('--format must be table, csv or json');
    const lastDay = new Date(Date.UTC(Number(month[1]), Number(month[2]), 0)).getUTCDate();
    const report = await this.reports.report({
      from: `${options.month}-01`,
      to: `${options.month}-${String(lastDay).padStart(2, '0')}`,
      account: options.account,
      application: options.application,
      groupBy,
    });
    if (format === 'json') return this.output.json(report);
    if (format === 'csv') return this.output.out(usageCsv(report));
    const rows = report.rows.map((row) => ({
      [groupBy]: row.key ?? '(no end_user_id)',
      captures: row.captures,
      unique_end_users: row.unique_end_users,
    }));
    rows.push({
      [groupBy]: 'TOTAL',
      captures: report.totals.captures,
      unique_end_users: report.totals.unique_end_users,
    });
    this.output.out(`Usage ${options.month} (UTC), by ${groupBy}\n${table(rows)}`);
  }

  @Option({ flags: '--month <YYYY-MM>', description: 'calendar month, UTC', required: true })
  parseMonth(value: string): string {
    return value;
  }

  @Option({ flags: '--account <id>', description: 'only this account' })
  parseAccount(value: string): string {
    return value;
  }

  @Option({ flags: '--application <id>', description: 'only this application' })
  parseApplication(value: string): string {
    return value;
  }

  @Option({ flags: '--group-by <key>', description: GROUP_BY.join(' | ') })
  parseGroupBy(value: string): string {
    return value;
  }

  @Option({ flags: '--format <format>', description: 'table | csv | json' })
  parseFormat(value: string): string {
    return value;
  }
}
