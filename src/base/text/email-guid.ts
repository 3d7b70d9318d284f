import { ApiError } from '../errors/api-error';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A malformed guid is a 400 with the reference's message (docs/api.md#validation-messages).
 * Answers it lower case.
 */
export function emailGuid(guid: string, field = 'email_guid'): string {
  if (!GUID.test(guid))
    throw ApiError.badRequest(`'${field}' must match format of a standard GUID`);
  return guid.toLowerCase();
}
