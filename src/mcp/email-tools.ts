import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { InstantPreviewApi } from './api-client';
import { jsonAnswer, toolAnswer } from './tool-answers';

/** The capture options a preview or a comparison takes; the API's defaults when left out. */
export const captureOptions = {
  images: z
    .enum(['allowed', 'blocked'])
    .optional()
    .describe("Whether the client loads the email's images (default allowed)"),
  orientation: z
    .enum(['vertical', 'horizontal'])
    .optional()
    .describe('Device orientation; desktop clients offer vertical only (default vertical)'),
};

const emailGuid = z.uuid().describe('The email_guid create_email answered');

const createEmailInput = {
  html_text: z.string().optional().describe('The HTML body'),
  plain_text: z.string().optional().describe('The plain-text body'),
  raw_source: z
    .string()
    .optional()
    .describe('A whole MIME message (RFC 5322), instead of html_text, plain_text, subject, from_*'),
  subject: z.string().optional(),
  from_address: z.string().optional().describe('The From address'),
  from_display_name: z.string().optional().describe("The From header's display name"),
  sending_ip: z.string().optional().describe('IP address the email is sent from, for SPF'),
  helo: z.string().optional().describe('Host name the sending server greets with, for SPF'),
  mail_from: z.string().optional().describe('Envelope sender (MAIL FROM), for SPF'),
  end_user_id: z.string().optional().describe('Who the email is for, in your terms (billing)'),
  configurations: z
    .array(z.object({ client: z.string().describe('A client code'), ...captureOptions }))
    .optional()
    .describe('Previews to start capturing in the background right away'),
};

const comparisonInput = {
  base_email_guid: emailGuid.describe('The email before the change'),
  head_email_guid: emailGuid.describe('The email after the change'),
  clients: z
    .array(z.string())
    .optional()
    .describe('Client codes to compare in (default: every client either email was captured in)'),
  ...captureOptions,
};

/** The tools that are one API call each, their answers given back as JSON. */
export function registerEmailTools(server: McpServer, api: InstantPreviewApi): void {
  server.registerTool(
    'create_email',
    {
      title: 'Upload an email',
      description:
        'Stores an email for 48 hours and answers its email_guid, which the other tools take. Give html_text (with subject and from_* if you like) or the whole MIME source as raw_source; at least one of html_text, plain_text, raw_source is required.',
      inputSchema: createEmailInput,
    },
    (input) => toolAnswer(async () => jsonAnswer(await api.call('POST', 'emails', input))),
  );

  server.registerTool(
    'list_clients',
    {
      title: 'List email clients',
      description:
        'The client codes previews can be asked for (OL2019, GMAILNEW, IPHONE13 ...). With details=true, each client with its name, platform, the options it offers and how it is emulated.',
      inputSchema: { details: z.boolean().optional() },
      annotations: { readOnlyHint: true },
    },
    ({ details }) =>
      toolAnswer(async () =>
        jsonAnswer(await api.call('GET', details ? 'clients/configurations' : 'clients')),
      ),
  );

  server.registerTool(
    'get_checks',
    {
      title: 'Pre-send checks',
      description:
        'Checks of an email before it is sent: accessibility (WCAG 2.2), links, images, preview text, text size, Gmail clipping, and text contrast in the clients it was captured in. Each finding has a severity, a message and its source.',
      inputSchema: { email_guid: emailGuid },
      annotations: { readOnlyHint: true },
    },
    ({ email_guid }) =>
      toolAnswer(async () =>
        jsonAnswer(await api.call('GET', `emails/${encodeURIComponent(email_guid)}/checks`)),
      ),
  );

  server.registerTool(
    'get_deliverability',
    {
      title: 'Spam score and authentication',
      description:
        "SpamAssassin's score of an email with every rule it hit, and its DKIM, SPF (when sending_ip and helo were given at upload), DMARC, ARC and BIMI results.",
      inputSchema: { email_guid: emailGuid },
      annotations: { readOnlyHint: true },
    },
    ({ email_guid }) =>
      toolAnswer(async () =>
        jsonAnswer(
          await api.call('GET', `emails/${encodeURIComponent(email_guid)}/deliverability`),
        ),
      ),
  );

  server.registerTool(
    'create_comparison',
    {
      title: 'Compare two versions of an email',
      description:
        "Diffs two emails' full renders client by client (capturing what is missing first, billed as previews): each client's changed_ratio, changed_pixels and the URLs of both images and of the diff image (changes in red).",
      inputSchema: comparisonInput,
    },
    (input) => toolAnswer(async () => jsonAnswer(await api.call('POST', 'comparisons', input))),
  );
}
