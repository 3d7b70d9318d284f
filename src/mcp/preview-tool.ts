import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { InstantPreviewApi } from './api-client';
import { captureOptions } from './email-tools';
import { toolAnswer } from './tool-answers';

/** Each client is a capture and an image in the answer: a few per call keep it readable. */
const MAX_CLIENTS_PER_CALL = 10;

const SIZES = ['full', 'thumb450', 'thumb'] as const;
type Size = (typeof SIZES)[number];

const previewsInput = {
  email_guid: z.uuid().describe('The email_guid create_email answered'),
  clients: z
    .array(z.string())
    .min(1)
    .max(MAX_CLIENTS_PER_CALL)
    .describe('Client codes of list_clients, such as OL2019 or GMAILNEW'),
  size: z
    .enum(SIZES)
    .optional()
    .describe(
      'full: the whole message at the client viewport (default); thumb450 and thumb: the top of the email, 450 and 120 px wide',
    ),
  ...captureOptions,
};

type Content = CallToolResult['content'];

/** The preview JSON's URLs (docs/api.md#preview-json-fields-and-file-names). */
type PreviewUrls = Record<`${Size}_url`, string> & { report_url?: string };

/** One client's text item and image, or the text of its error. */
async function previewOf(
  api: InstantPreviewApi,
  path: string,
  query: string,
  size: Size,
): Promise<{ content: Content; failed: boolean }> {
  try {
    const urls = (await api.call('GET', `${path}${query}`)) as PreviewUrls;
    const png = await api.image(urls[`${size}_url`]);
    return {
      content: [
        { type: 'text', text: JSON.stringify(urls) },
        { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
      ],
      failed: false,
    };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { content: [{ type: 'text', text: `${path}: ${text}` }], failed: true };
  }
}

/**
 * get_previews: each client's preview JSON (capturing first when needed, as the API does),
 * then the image it names, as MCP image content the model can look at.
 */
export function registerPreviewTool(server: McpServer, api: InstantPreviewApi): void {
  server.registerTool(
    'get_previews',
    {
      title: 'Screenshots of an email in email clients',
      description: `Screenshots (PNG) of an email as rendered in each named client, up to ${MAX_CLIENTS_PER_CALL} per call. A first request captures the client (up to two minutes), later ones answer at once. Each client gives a text item with its preview URLs (full_url, thumb_url, thumb450_url, report_url: what the client dropped or changed) and the image; a client that fails gives its error text instead.`,
      inputSchema: previewsInput,
      annotations: { readOnlyHint: true },
    },
    ({ email_guid, clients, size = 'full', images, orientation }) =>
      toolAnswer(async () => {
        const query = new URLSearchParams({
          ...(images && { images }),
          ...(orientation && { orientation }),
        }).toString();
        const previews = await Promise.all(
          clients.map((client) =>
            previewOf(
              api,
              `emails/${encodeURIComponent(email_guid)}/previews/${encodeURIComponent(client)}`,
              query ? `?${query}` : '',
              size,
            ),
          ),
        );
        return {
          content: previews.flatMap((preview) => preview.content),
          ...(previews.every((preview) => preview.failed) && { isError: true }),
        };
      }),
  );
}
