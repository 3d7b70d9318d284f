import { CHROMIUM } from './chromium/chromium-descriptor';
import type { Engine, EngineDescriptor, EngineOptions, SandboxPlan } from './engine-port';
import { GECKO } from './gecko/gecko-descriptor';
import { WEBKIT } from './webkit/webkit-descriptor';

/**
 * The engines there are, each described by its own folder; everything else (the catalogue's
 * and the configuration's checks, reports, readiness, accounting) reads this list and names
 * none of them. Adding an engine: its folder and one line here. The first draws every profile
 * whose own engine is not enabled or not installed.
 */
export const ENGINE_REGISTRY: readonly EngineDescriptor[] = [CHROMIUM, WEBKIT, GECKO];

/** The engines' names, in the registry's order. */
export const ENGINES: readonly Engine[] = ENGINE_REGISTRY.map((engine) => engine.name);

/** The engine every profile falls back to. */
export const FALLBACK_ENGINE: Engine = ENGINE_REGISTRY[0].name;

/** An engine's descriptor by name (the catalogue names only registered engines). */
export function engineDescriptor(name: Engine): EngineDescriptor {
  const found = ENGINE_REGISTRY.find((engine) => engine.name === name);
  if (!found) throw new Error(`no engine "${name}" is registered (${ENGINES.join(', ')})`);
  return found;
}

/** The settings classes engines declare (EngineDescriptor.settings), for the configuration. */
export const ENGINE_SETTINGS: readonly { engine: Engine; settings: new () => object }[] =
  ENGINE_REGISTRY.flatMap(({ name, settings }) => (settings ? [{ engine: name, settings }] : []));

/**
 * The sandbox every engine follows: the fallback engine's plan from its settings and this
 * machine (off where it plans none). Throws where a setting insists on one that cannot run.
 */
export function planEngineSandbox(
  settings: Readonly<Record<Engine, object>>,
  engineUser: string,
): SandboxPlan {
  const fallback = engineDescriptor(FALLBACK_ENGINE);
  const own = fallback.settings ? (settings[FALLBACK_ENGINE] ?? new fallback.settings()) : {};
  return (
    fallback.planSandbox?.(own, engineUser) ?? { mode: 'off', reason: 'OFF: no sandbox planned' }
  );
}

/** Why the fallback engine cannot start here, or null (readiness before its first launch). */
export function fallbackCannotStart(options: Pick<EngineOptions, 'settings'>): string | null {
  return engineDescriptor(FALLBACK_ENGINE).cannotStart?.(options) ?? null;
}
