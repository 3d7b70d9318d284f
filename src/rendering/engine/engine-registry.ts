import { CHROMIUM } from './chromium/chromium-descriptor';
import type { Engine, EngineDescriptor } from './engine-port';
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
