import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { InstantPreviewApi } from './mcp/api-client';
import { createMcpServer } from './mcp/mcp-server';
import { SettingsError, stdioSettings } from './mcp/stdio-settings';

/** Exit code of a missing or malformed setting, as the admin CLI's usage errors. */
const SETTINGS_EXIT_CODE = 2;

/**
 * `npm run mcp`: the MCP server over stdio for a local agent, calling a running service at
 * INSTANT_PREVIEW_URL with API_KEY (docs/api.md#mcp-server). stdout carries the protocol
 * alone; anything else goes to stderr.
 */
async function main(): Promise<void> {
  let settings;
  try {
    settings = stdioSettings(process.env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    process.stderr.write(`npm run mcp: ${error.message}\n`);
    process.exit(SETTINGS_EXIT_CODE);
  }
  const server = createMcpServer(new InstantPreviewApi(settings));
  await server.connect(new StdioServerTransport());
}

void main();
