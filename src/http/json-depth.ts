/** Deepest JSON nesting a request body may have: contract bodies need 3 levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * The nesting depth of a JSON text, in one linear pass over its bytes (strings skipped).
 * Run before JSON.parse so that a body nested 100,000 deep is refused cheaply instead of
 * exhausting the stack later (class-transformer recurses). No library exposes a depth
 * limit for express.json; this is the whole check.
 */
export function jsonDepthExceeds(body: Buffer, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < body.length; index++) {
    const byte = body[index];
    if (inString) {
      if (byte === 0x5c)
        index++; // backslash: skip the escaped byte
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > limit) return true;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return false;
}
