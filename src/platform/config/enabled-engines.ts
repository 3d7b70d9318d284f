import { ENGINE_NAMES, EngineName, Environment } from './environment';
import { FALLBACK_ENGINE } from '../../rendering/engine/engine-registry';

/** ENGINES: what this process may draw with; Chromium always. */
export function enabledEngines(env: Environment): EngineName[] {
  return env.ENGINES === 'all'
    ? [...ENGINE_NAMES]
    : ENGINE_NAMES.filter(
        (engine) => engine === FALLBACK_ENGINE || env.ENGINES.split(',').includes(engine),
      );
}
