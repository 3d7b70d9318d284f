import { firstExecutable, programVersion } from '../../../base/system/installed-programs';

export interface GeckoInstall {
  firefox: string;
  version: string;
}

/** Firefox ESR as Debian installs it (firefox-esr), or a Firefox on PATH, or why not. */
export function findGecko(): GeckoInstall | { missing: string } {
  const firefox = firstExecutable(['firefox-esr', 'firefox']);
  if (!firefox) return { missing: 'Firefox (Debian package firefox-esr) is not installed' };
  return { firefox, version: programVersion(firefox) ?? 'unknown' };
}
