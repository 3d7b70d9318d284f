import type { BrowserState, Engine, EngineOptions } from './engine-port';
import type { EngineAdapter, EngineIdentity, LikelySettings } from './engine-port';
import { ENGINE_REGISTRY, engineDescriptor, ENGINES, FALLBACK_ENGINE } from './engine-registry';

const engineLabel = (name: Engine) => engineDescriptor(name).label;

/** Which engine draws a profile, and why it is not the client's own when it is not. */
export interface EngineChoice {
  adapter: EngineAdapter;
  identity: EngineIdentity;
  /** The client's engine, when another one draws it. */
  instead?: { engine: EngineIdentity | { name: Engine }; reason: string };
}

export interface EngineSetOptions extends EngineOptions {
  /** ENGINES: the engines this process may draw with; the fallback (Chromium) always. */
  enabled: readonly Engine[];
}

/** One engine's health, for readiness. */
export interface EngineHealth {
  name: Engine;
  state: BrowserState | 'absent';
  detail?: string;
}

/**
 * The engines of this process, found once at start (installed, and at what version) and
 * started on first use. Every profile is drawn by its client's engine where that engine is
 * enabled and installed, else by Chromium, and the choice says why.
 */
export class EngineSet {
  private readonly adapters = new Map<Engine, EngineAdapter>();
  private readonly identities = new Map<Engine, EngineIdentity>();
  private readonly unavailable = new Map<Engine, string>();

  constructor(options: EngineSetOptions) {
    for (const descriptor of ENGINE_REGISTRY) {
      const { name } = descriptor;
      if (name !== FALLBACK_ENGINE && !options.enabled.includes(name)) {
        this.unavailable.set(
          name,
          `${descriptor.label} is not enabled here (ENGINES=${options.enabled.join(',')})`,
        );
        continue;
      }
      const found = descriptor.find(options);
      if ('missing' in found) {
        this.unavailable.set(name, found.missing);
        continue;
      }
      this.identities.set(name, { name, version: found.version });
      this.adapters.set(name, found.create(options));
    }
  }

  /** The engine that draws `engine`'s profiles here. */
  choose(engine: Engine): EngineChoice {
    const own = this.adapters.get(engine);
    if (own) return { adapter: own, identity: this.identity(engine) };
    return {
      adapter: this.adapters.get(FALLBACK_ENGINE) as EngineAdapter,
      identity: this.identity(FALLBACK_ENGINE),
      instead: {
        engine: { name: engine },
        reason: this.unavailable.get(engine) ?? 'not available',
      },
    };
  }

  identity(engine: Engine): EngineIdentity {
    return this.identities.get(engine) ?? { name: engine, version: 'unknown' };
  }

  /** The engines this process draws with (what a worker advertises). */
  get running(): Engine[] {
    return [...this.adapters.keys()];
  }

  health(): EngineHealth[] {
    return ENGINES.map((name) => {
      const adapter = this.adapters.get(name);
      if (!adapter) return { name, state: 'absent', detail: this.unavailable.get(name) };
      return { name, state: adapter.state() };
    });
  }

  /**
   * Starts every engine here ahead of its first capture, each for the devices `devices` names
   * for it (those its profiles use, likeliest first); resolves once all are up, or rejects
   * naming the first that failed (readiness names it too).
   */
  async start(devices: (engine: Engine) => readonly LikelySettings[]): Promise<void> {
    await Promise.all(
      [...this.adapters].map(async ([name, adapter]) => {
        const settings = devices(name);
        if (settings.length === 0) return;
        await adapter.start(settings).catch((error: Error) => {
          throw new Error(`${engineLabel(name)} did not start: ${error.message}`);
        });
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.all([...this.adapters.values()].map((adapter) => adapter.close()));
  }
}
