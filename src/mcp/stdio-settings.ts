/** What `npm run mcp` needs from its environment. */
export interface StdioSettings {
  /** The service's root, as INSTANT_PREVIEW_URL gives it (PUBLIC_URL, without `/v1`). */
  baseUrl: string;
  /** `Basic <API_KEY:>`: the key as username, an empty password, as the API takes it. */
  authorization: string;
}

/** A setting missing or malformed: the message says which and how to set it. */
export class SettingsError extends Error {}

function serviceUrl(text: string | undefined): string {
  if (!text)
    throw new SettingsError(
      'INSTANT_PREVIEW_URL is required: the service, e.g. http://localhost:3000',
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SettingsError(`INSTANT_PREVIEW_URL is not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SettingsError('INSTANT_PREVIEW_URL must be an http or https URL');
  // The key goes in the Authorization header alone, never in a URL that may be logged.
  if (url.username || url.password || url.search || url.hash)
    throw new SettingsError('INSTANT_PREVIEW_URL must carry no credentials, query or fragment');
  return url.href.replace(/\/+$/, '').replace(/\/v1$/, '');
}

function apiKey(text: string | undefined): string {
  if (!text)
    throw new SettingsError(
      'API_KEY is required: an API key of the service (npm run cli -- apps:create)',
    );
  // A Basic username cannot hold a colon; a space or control character is a copy-paste slip.
  if (/[:\s\p{Cc}]/u.test(text))
    throw new SettingsError(
      'API_KEY holds a colon, a space or a control character: not an API key',
    );
  return text;
}

/** The settings of `npm run mcp`, or a SettingsError naming the first one wrong. */
export function stdioSettings(env: NodeJS.ProcessEnv): StdioSettings {
  const baseUrl = serviceUrl(env.INSTANT_PREVIEW_URL);
  const key = apiKey(env.API_KEY);
  return { baseUrl, authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` };
}
