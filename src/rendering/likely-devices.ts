import type { Engine, LikelySettings } from './engine/engine-port';
import type { ClientProfile } from './profile/client-profile';
import { viewportOf } from './render-result';

/** A device an engine's profiles use, one of them, and how many use it. */
export interface LikelyDevice {
  settings: LikelySettings;
  client: string;
  profiles: number;
}

/**
 * The devices each engine's profiles use (viewport, scale, colour scheme), most used first:
 * what the engine starts for ahead of its first capture. `engineOf`: the engine that draws a
 * profile here (its own, or the one standing in).
 */
export function likelyDevices(
  profiles: readonly ClientProfile[],
  engineOf: (profile: ClientProfile) => Engine,
): (engine: Engine) => LikelyDevice[] {
  const devices = new Map<Engine, Map<string, LikelyDevice>>();
  for (const profile of profiles) {
    const engine = engineOf(profile);
    const settings: LikelySettings = {
      viewport: viewportOf(profile, 'vertical'),
      scale: profile.device_scale_factor,
      colorScheme: profile.dark === 'none' ? 'light' : 'dark',
    };
    const key = JSON.stringify(settings);
    const counts = devices.get(engine) ?? new Map<string, LikelyDevice>();
    devices.set(engine, counts);
    const seen = counts.get(key) ?? { settings, client: profile.code, profiles: 0 };
    seen.profiles++;
    counts.set(key, seen);
  }
  return (engine) =>
    [...(devices.get(engine)?.values() ?? [])].sort((a, b) => b.profiles - a.profiles);
}
