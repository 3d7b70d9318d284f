import { CONTROL_OR_BIDI } from '../../base/text/identifier-text';

/** An intake token as made by IntakeService: 24 lower-case hex digits. */
const TOKEN = /^[0-9a-f]{24}$/;
/** end_user_id's limit (POST /v1/emails). */
const END_USER_MAX = 64;

/** What an intake address names: an application's token, and an end user from its plus-tag. */
export interface IntakeAddress {
  token: string;
  endUserId?: string;
}

/**
 * `<token>@domain` or `<token>+<end user>@domain` (the domain compared without case, the
 * token too, as mail software may change its case); null for anything else, a plus-tag
 * POST /v1/emails would refuse as end_user_id included.
 */
export function parseIntakeAddress(address: string, domain: string): IntakeAddress | null {
  const at = address.lastIndexOf('@');
  if (at < 1 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  const token = (plus < 0 ? local : local.slice(0, plus)).toLowerCase();
  if (!TOKEN.test(token)) return null;
  if (plus < 0) return { token };
  const endUserId = local.slice(plus + 1);
  const valid =
    endUserId.trim() !== '' &&
    [...endUserId].length <= END_USER_MAX &&
    !CONTROL_OR_BIDI.test(endUserId);
  return valid ? { token, endUserId } : null;
}

/** The address of `token` at `domain`. */
export function intakeAddressOf(token: string, domain: string): string {
  return `${token}@${domain}`;
}
