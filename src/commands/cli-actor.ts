import { userInfo } from 'node:os';
import type { Actor } from '../domain/audit/audit-log';

/**
 * Who acts from the command line, for the audit log: no staff key, so the operator's system
 * account stands in (a shell on a server process is access of its own).
 */
export function cliActor(): Actor {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // no entry for this uid in the passwd database (a container's arbitrary uid)
  }
  return {
    staffKeyId: 'cli',
    staffKeyName: `command line (${user})`.slice(0, 200),
    address: 'local',
  };
}
