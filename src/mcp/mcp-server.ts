import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { InstantPreviewApi } from './api-client';
import { registerEmailTools } from './email-tools';
import { registerPreviewTool } from './preview-tool';

/** The MCP server of Instant Preview, its tools calling the HTTP API through `api`. */
export function createMcpServer(api: InstantPreviewApi): McpServer {
  const server = new McpServer(
    { name: 'instant-preview', version: '0.1.0' },
    {
      instructions:
        'Upload an email with create_email, then get_previews for screenshots of it in email clients (codes from list_clients), get_checks and get_deliverability before sending, create_comparison to diff two versions.',
    },
  );
  registerEmailTools(server, api);
  registerPreviewTool(server, api);
  return server;
}
