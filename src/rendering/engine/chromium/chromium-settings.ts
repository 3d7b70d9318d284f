import { IsIn, IsOptional, IsString } from 'class-validator';
import type { SandboxSetting } from './sandbox';

/**
 * Chromium's own settings, read from the environment (EngineDescriptor.settings): the
 * configuration validates them beside its own variables and hands them back here.
 */
export class ChromiumSettings {
  /** Chromium's program, when not the one found on this machine. */
  @IsOptional() @IsString() CHROMIUM_PATH?: string = undefined;
  /**
   * Chromium's own sandbox for the renderers of untrusted email: auto (wherever the kernel
   * and user allow it, said at startup), on (boot fails where it cannot run) or off.
   */
  @IsIn(['auto', 'on', 'off']) CHROMIUM_SANDBOX: SandboxSetting = 'auto';
}

/** Chromium's settings among every engine's (EngineOptions.settings), defaults where absent. */
export function chromiumSettings(settings: Readonly<Record<string, object>> | undefined) {
  return (settings?.chromium as ChromiumSettings | undefined) ?? new ChromiumSettings();
}
