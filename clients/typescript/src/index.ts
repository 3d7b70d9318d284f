import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };

/** The contract's error body, as every documented error answers it. */
export type ApiError = components['schemas']['ErrorBodyDoc'];

export interface InstantPreviewOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the service answers, e.g. https://preview.example.com */
  baseUrl: string;
  /** The API key (HTTP Basic username, empty password); leave out for public routes only. */
  apiKey?: string;
}

/**
 * openapi-fetch over the generated `paths`: every route, parameter, body and answer (errors
 * included) typed from the document the service serves.
 */
export function createInstantPreviewClient(options: InstantPreviewOptions): Client<paths> {
  const { apiKey, headers, ...rest } = options;
  const authorization = apiKey
    ? { Authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}` }
    : {};
  return createClient<paths>({ ...rest, headers: { ...authorization, ...headers } });
}
