import { isEmailAddress } from '../email-address';
import type { ParsedMessage } from './parse-raw-source';

/** Limits of CreateEmailDto's JSON fields, which a raw_source carries in its headers. */
const MAX_SUBJECT = 998;
const MAX_FROM_ADDRESS = 320;
const MAX_FROM_DISPLAY_NAME = 200;

/**
 * The input hygiene of the JSON fields (CreateEmailDto, NoNulPipe), applied to the text a
 * raw_source decodes to: quoted-printable, base64 and encoded words can all produce a NUL,
 * and headers have no length of their own. PostgreSQL refuses both (500) where SQLite
 * stores them; docs/api.md#email-upload-details wants one 400 on every database. Returns the
 * problem, or null.
 */
export function decodedTextProblem(message: ParsedMessage): string | null {
  const texts: [string, string | null][] = [
    ['Subject', message.subject],
    ['From address', message.fromAddress],
    ['From display name', message.fromDisplayName],
    ['text/plain part', message.text],
    ['text/html part', message.html],
    ...message.inlineParts.flatMap((part): [string, string][] => [
      ['inline part Content-ID', part.contentId],
      ['inline part Content-Type', part.contentType],
    ]),
  ];
  const withNul = texts.find(([, text]) => text?.includes('\u0000'));
  if (withNul) return `'raw_source' ${withNul[0]} must not contain NUL characters`;
  if (longerThan(message.subject, MAX_SUBJECT))
    return `'raw_source' Subject must be at most ${MAX_SUBJECT} characters`;
  if (longerThan(message.fromDisplayName, MAX_FROM_DISPLAY_NAME))
    return `'raw_source' From display name must be at most ${MAX_FROM_DISPLAY_NAME} characters`;
  if (longerThan(message.fromAddress, MAX_FROM_ADDRESS))
    return `'raw_source' From address must be at most ${MAX_FROM_ADDRESS} characters`;
  if (message.fromAddress !== null && !isEmailAddress(message.fromAddress))
    return "'raw_source' From address must be an email address";
  return null;
}

/** Counted in code points, as PostgreSQL counts a varchar's characters. */
function longerThan(text: string | null, max: number): boolean {
  return text !== null && text.length > max && [...text].length > max;
}
