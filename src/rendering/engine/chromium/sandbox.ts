import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CHROMIUM_SANDBOX: `auto` sandboxes wherever it can, `on` insists, `off` never tries. */
export type SandboxSetting = 'auto' | 'on' | 'off';

import type { SandboxPlan } from '../engine-port';

/** What decides whether Chromium's own sandbox can run for this service's engines. */
export interface SandboxFacts {
  /** The uid the engines run as: ENGINE_USER's where the service runs as root (jail.ts). */
  uid: number | undefined;
  /** Why the kernel refuses unprivileged user namespaces, or null when it allows them. */
  userNamespacesRefused: string | null;
}

export class SandboxUnavailableError extends Error {}

/**
 * Chromium's Linux sandbox puts each renderer in new user, PID and network namespaces and
 * under a seccomp-bpf filter. It needs unprivileged user namespaces (Debian's Chromium has
 * no setuid helper) and refuses to run as root: a service running as root runs its engines
 * as ENGINE_USER, so only ENGINE_USER=root stops it. `on` when it cannot run is a boot error.
 */
export function planSandbox(setting: SandboxSetting, facts: SandboxFacts): SandboxPlan {
  if (setting === 'off')
    return { mode: 'off', reason: 'OFF: CHROMIUM_SANDBOX=off (renderers run unconfined)' };
  const missing =
    facts.uid === 0
      ? 'the engines run as root (ENGINE_USER=root), and Chromium has no sandbox for root: set ENGINE_USER to an unprivileged user'
      : facts.userNamespacesRefused;
  if (!missing) {
    return {
      mode: setting === 'on' ? 'required' : 'preferred',
      reason: 'on: each renderer in its own user, PID and network namespaces, under seccomp-bpf',
    };
  }
  if (setting === 'on') throw new SandboxUnavailableError(`CHROMIUM_SANDBOX=on, but ${missing}`);
  return { mode: 'off', reason: `OFF: ${missing}` };
}

export function sandboxFacts(engineUser: string): SandboxFacts {
  return { uid: engineUid(engineUser), userNamespacesRefused: userNamespacesRefused() };
}

/** The uid engines run as: the service's own, or ENGINE_USER's where the service is root. */
function engineUid(engineUser: string): number | undefined {
  const uid = process.getuid?.();
  if (uid !== 0) return uid;
  try {
    return Number(execFileSync('id', ['-u', engineUser], { encoding: 'utf8', stdio: 'pipe' }));
  } catch {
    return 0; // no such user: the jail refuses to start engines, saying so
  }
}

function userNamespacesRefused(): string | null {
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      return null;
    }
  };
  if (read('/proc/sys/user/max_user_namespaces') === '0')
    return 'the kernel allows no user namespaces (user.max_user_namespaces=0)';
  if (read('/proc/sys/kernel/unprivileged_userns_clone') === '0')
    return 'the kernel refuses unprivileged user namespaces (kernel.unprivileged_userns_clone=0)';
  if (read('/proc/sys/kernel/apparmor_restrict_unprivileged_userns') === '1')
    return 'AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns=1)';
  return null;
}
