import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { SharedViews } from '../../domain/shares/shared-view';
import { SharesService } from '../../domain/shares/shares.service';
import { AppConfig } from '../../platform/config/app-config';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { sharePage, STYLE_HASH } from './share-page';

/** Not in search engines' indexes, nor followed, nor named to the pages it links to. */
const PRIVATE_PAGE = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, no-store',
};

/**
 * The share page at `/s/<token>` (docs/api.md#share-pages): no API key, the token is the
 * capability. Unknown, revoked and expired tokens answer the same 404. A strict CSP: no
 * script at all, its one inline stylesheet by hash, images from the capture hosts and file
 * storage only.
 */
@ApiTags('shares')
@Controller('s')
export class SharePageController {
  private readonly policy: string;

  constructor(
    private readonly shares: SharesService,
    private readonly views: SharedViews,
    config: AppConfig,
  ) {
    const imageSources = [
      `${config.cdn.scheme}://*.capture.${config.cdn.domain}`,
      new URL(config.publicUrl).origin,
      // S3: a public bucket URL, or presigned URLs on the endpoint's host.
      ...(config.storage.s3 ? ['https:'] : []),
    ];
    this.policy = [
      "default-src 'none'",
      `style-src ${STYLE_HASH}`,
      `img-src ${imageSources.join(' ')}`,
      "form-action 'none'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; ');
  }

  @Get(':token')
  @ApiOperation({
    summary: 'A share page',
    description:
      'HTML, no authentication: the token POST /v1/emails/{guid}/shares answered is the capability. The previews captured so far (thumbnails linking to the full images), the inbox views drawn, the checks and the authentication kept with the email; viewing it captures and bills nothing. noindex, no referrer, a CSP without script. Unknown, revoked or expired: 404.',
  })
  @ApiParam({ name: 'token', description: 'From the share URL', example: 'ipsh_…' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The page' })
  @ApiErrors(404)
  async page(@Param('token') token: string, @Res() response: Response): Promise<void> {
    // Set before the lookup, so a 404 is no more indexable than the page.
    response.set(PRIVATE_PAGE);
    const { share, email } = await this.shares.open(token);
    const view = await this.views.of(email, share.expiresAt);
    response
      .status(200)
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': this.policy })
      .send(sharePage(view));
  }
}
