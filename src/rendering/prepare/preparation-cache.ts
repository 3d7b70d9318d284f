import { LRUCache } from 'lru-cache';
import { PreparationError, Preparer } from './preparer';
import type { PreparedEmail, PrepareTask } from './prepare-task';

/** Bytes of prepared emails kept (HTML and served images). */
const CACHE_BYTES = 64 * 1024 * 1024;

type Entry = PreparedEmail | PreparationError;

/**
 * Prepares each email once per client and options: a retry after a failed render, or a
 * repeated request for an email that cannot be prepared (too slow, too big), reuses the
 * first outcome instead of parsing the email again. Emails never change, so entries only
 * leave when space is needed.
 */
export class CachingPreparer extends Preparer {
  private readonly cache = new LRUCache<string, Entry>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (entry) =>
      entry instanceof Error
        ? 1
        : Math.max(
            1,
            entry.html.length * 2 +
              [...entry.served.values()].reduce((sum, image) => sum + image.data.length, 0),
          ),
  });
  private readonly running = new Map<string, Promise<PreparedEmail>>();

  constructor(private readonly inner: Preparer) {
    super();
  }

  /** `key` names the email (its id); without one nothing is cached. */
  async prepare(task: PrepareTask, key?: string): Promise<PreparedEmail> {
    if (!key) return this.inner.prepare(task);
    const id = `${key}/${task.profile.code}/${task.options.images}/${task.options.orientation}`;
    const cached = this.cache.get(id);
    if (cached instanceof Error) throw cached;
    if (cached) return { ...cached, cpuMs: 0 }; // its CPU was counted when it was made
    const joined = this.running.get(id);
    if (joined) return joined.then((prepared) => ({ ...prepared, cpuMs: 0 }));
    return this.start(id, task);
  }

  private start(id: string, task: PrepareTask): Promise<PreparedEmail> {
    const pending = this.inner.prepare(task).then(
      (prepared) => {
        this.cache.set(id, prepared);
        return prepared;
      },
      (error: Error) => {
        if (error instanceof PreparationError) this.cache.set(id, error);
        throw error;
      },
    );
    this.running.set(id, pending);
    void pending.catch(() => undefined).finally(() => this.running.delete(id));
    return pending;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
