import { Body, Controller, Delete, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiBearerAuth,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { ApiError } from '../../base/errors/api-error';
import { AppConfig } from '../../platform/config/app-config';
import { InstantPreviewApi } from '../../mcp/api-client';
import type { Router } from '../../mcp/http-exchange';
import { createMcpServer } from '../../mcp/mcp-server';
import { ApiAuthGuard } from '../auth/api-auth.guard';
import { captureHostPattern } from '../capture-host-name';
import { ApiErrors } from '../openapi/api-errors.decorator';

const STATELESS =
  'Stateless: each POST carries one JSON-RPC message or batch and gets its answer as JSON; there is no session and no server-initiated stream, so GET and DELETE answer 405.';

/**
 * The MCP server over Streamable HTTP (docs/api.md#mcp-server). Its tools call this same
 * service over the socket the request came in on, with the caller's own Authorization: the
 * API's authentication, throttling and billing apply to every tool call unchanged.
 */
@ApiTags('mcp')
@Controller('mcp')
export class McpController {
  private readonly publicHost: string;
  private readonly captureHost: RegExp;

  constructor(private readonly config: AppConfig) {
    this.publicHost = new URL(config.publicUrl).host;
    this.captureHost = captureHostPattern(config.cdn.domain);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'MCP (Model Context Protocol) over Streamable HTTP',
    description: `JSON-RPC of the MCP specification: initialize, tools/list, tools/call of create_email, list_clients, get_previews, get_checks, get_deliverability, create_comparison. ${STATELESS} Accept must name application/json and text/event-stream.`,
  })
  @ApiBody({ schema: { type: 'object', description: 'A JSON-RPC 2.0 message or batch' } })
  @ApiOkResponse({ description: 'The JSON-RPC answer' })
  @ApiBasicAuth('api_key')
  @ApiBearerAuth('oauth')
  @ApiErrors(400, 401, 413, 415, 429)
  @UseGuards(ApiAuthGuard)
  async handle(
    @Req() request: Request,
    @Res() response: Response,
    @Body() message: unknown,
  ): Promise<void> {
    const api = new InstantPreviewApi({
      baseUrl: this.config.publicUrl,
      authorization: request.headers.authorization ?? '',
      router: this.ownHostsTo(request),
    });
    const server = createMcpServer(api);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(request, response, message);
  }

  @Get()
  @ApiOperation({ summary: 'No server-initiated stream (405)', description: STATELESS })
  @ApiErrors(405)
  stream(): never {
    throw new ApiError(405, 'POST JSON-RPC messages to /mcp; it keeps no stream', {
      Allow: 'POST',
    });
  }

  @Delete()
  @ApiOperation({ summary: 'No session to end (405)', description: STATELESS })
  @ApiErrors(405)
  endSession(): never {
    throw new ApiError(405, 'POST JSON-RPC messages to /mcp; it keeps no session', {
      Allow: 'POST',
    });
  }

  /**
   * The service's own hosts (PUBLIC_URL's, the capture hosts) reached on the socket this
   * request arrived on: the public name may point at a proxy, or resolve nowhere from here.
   * The forwarded headers say what the proxy said of this request, its scheme (an https
   * PUBLIC_URL refuses plain HTTP) and its caller (per-address counting); they count where
   * TRUST_PROXY trusts loopback, as it does by default.
   */
  private ownHostsTo(request: Request): Router {
    const destination = {
      hostname: request.socket.localAddress ?? '127.0.0.1',
      port: request.socket.localPort ?? 0,
      headers: {
        'x-forwarded-proto': request.protocol,
        ...(request.ip && { 'x-forwarded-for': request.ip }),
      },
    };
    return (url) =>
      url.host === this.publicHost || this.captureHost.test(url.host) ? destination : undefined;
  }
}
