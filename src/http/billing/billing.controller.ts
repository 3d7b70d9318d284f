import { ApiBasicAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { UsageReportDoc } from '../billing/dto/usage-report.doc';
import { Controller, Get, Headers, Param, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from '../../base/errors/api-error';
import { EndUserCapturesQueryDto, UsageQueryDto } from '../billing/dto/usage-query.dto';
import { StaffGuard } from '../auth/staff.guard';
import { usageCsv, UsageReports } from '../../domain/billing/usage-report';
import { ApiPaged, Paged, Pager } from '../paging/pager';

/** Usage reports for billing staff (staff keys only). */
@ApiTags('billing')
@ApiBasicAuth('staff_key')
@Controller('v1/billing')
@UseGuards(StaffGuard)
export class BillingController {
  constructor(private readonly reports: UsageReports) {}

  @Get('usage')
  @ApiOperation({ summary: 'Usage for billing staff: captures and unique end users' })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({
    type: UsageReportDoc,
    description: 'JSON, or CSV (format=csv or Accept: text/csv)',
  })
  @ApiErrors(400, 401, 403, 429)
  async usage(
    @Query() query: UsageQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res() response: Response,
  ) {
    if (query.from > query.to) throw ApiError.badRequest("'from' must not be after 'to'");
    const report = await this.reports.report({
      from: query.from,
      to: query.to,
      account: query.account,
      application: query.application,
      endUser: query.end_user,
      groupBy: query.group_by ?? 'account',
      top: query.top,
    });
    // Per-end-user usage is nobody's to cache: not a browser's, not a proxy's.
    response.set('Cache-Control', 'no-store');
    const csv =
      query.format === 'csv' || (query.format === undefined && /\btext\/csv\b/.test(accept ?? ''));
    if (csv) {
      response.set('Content-Type', 'text/csv; charset=utf-8').send(usageCsv(report));
    } else {
      response.json(report);
    }
  }

  @Get('end-users/:end_user_id/captures')
  @ApiOperation({
    summary:
      "One end user's billable captures in a range of UTC days, oldest first (at most 10,000 unless paged by cursor)",
  })
  @ApiPaged()
  @ApiErrors(400, 401, 403, 429)
  async endUserCaptures(
    @Param('end_user_id') endUser: string,
    @Query() query: EndUserCapturesQueryDto,
    @Res() response: Response,
    @Paged() pager: Pager,
  ) {
    if (endUser.length > 64)
      throw ApiError.badRequest("'end_user_id' must be at most 64 characters");
    if (query.from > query.to) throw ApiError.badRequest("'from' must not be after 'to'");
    response.set('Cache-Control', 'no-store');
    // The cursor names the end user: another's is refused, not read as a position here.
    const list = `captures:${endUser}`;
    const window = pager.window(list, query);
    if (!window) {
      response.json(await this.reports.endUserCaptures(endUser, query.from, query.to));
      return;
    }
    const page = await this.reports.endUserCapturesPage(endUser, query.from, query.to, window);
    pager.link(list, window, page.next);
    response.json(page.body);
  }
}
