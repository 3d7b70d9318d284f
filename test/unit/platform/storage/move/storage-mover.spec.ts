import { FileStore } from '../../../../../src/platform/storage/file-store';
import type { FileHolder, HeldRecord } from '../../../../../src/platform/storage/move/file-holders';
import { FileHolders } from '../../../../../src/platform/storage/move/file-holders';
import type { StorageMove } from '../../../../../src/platform/storage/move/storage-move.entity';
import type { StorageMoveRepository } from '../../../../../src/platform/storage/move/storage-move.repository';
import { StorageMover } from '../../../../../src/platform/storage/move/storage-mover';
import type { StorageMoveLock } from '../../../../../src/platform/storage/move/storage-move-lock';
import type { Storage } from '../../../../../src/platform/storage/storage';
import { ManualClock } from '../../../../../src/platform/config/clock';

/** A location in memory. */
class MemoryStore extends FileStore {
  readonly files = new Map<string, Buffer>();
  constructor(readonly location: string) {
    super();
  }
  async put(key: string, data: Buffer) {
    this.files.set(key, Buffer.from(data));
  }
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
  async exists(key: string) {
    return this.files.has(key);
  }
  async size(key: string) {
    return this.files.get(key)?.length ?? null;
  }
  async delete(keys: string[]) {
    keys.forEach((key) => this.files.delete(key));
  }
  async locate(key: string) {
    return `${this.location}/${key}`;
  }
}

/** One table of records naming files, with the conditional switch the real ones make. */
class MemoryHolder implements FileHolder {
  constructor(readonly name = 'things') {}
  readonly rows = new Map<string, { key: string; location?: string }[]>();
  /** Runs just before a switch: a purge racing the move. */
  beforeSwitch?: () => void;

  async records(after: string | null, take: number): Promise<HeldRecord[]> {
    return [...this.rows.keys()]
      .sort()
      .filter((id) => after === null || id > after)
      .slice(0, take)
      .map((id) => ({
        id,
        files: this.rows.get(id)!.map((file) => ({ ...file, contentType: 'image/png' })),
      }));
  }
  async switchLocation(id: string, key: string, from: string | undefined, to: string) {
    this.beforeSwitch?.();
    const file = this.rows.get(id)?.find((candidate) => candidate.key === key);
    if (!file || file.location !== from) return false;
    file.location = to;
    return true;
  }
  async locationOf(id: string, key: string) {
    const file = this.rows.get(id)?.find((candidate) => candidate.key === key);
    return file ? file.location : null;
  }
}

/** Records sharing files under one key, as captures of one render do. */
class SharingHolder extends MemoryHolder {
  async heldElsewhere(id: string, key: string, location: string) {
    return [...this.rows.entries()].some(
      ([other, files]) =>
        other !== id && files.some((f) => f.key === key && (f.location ?? location) === location),
    );
  }
}

class MemoryJournal {
  readonly rows = new Map<string, StorageMove>();
  async begin(move: StorageMove) {
    this.rows.set(move.key, move);
  }
  async end(key: string) {
    this.rows.delete(key);
  }
  async unfinished() {
    return [...this.rows.values()];
  }
}

describe('StorageMover (locations, records and journal in memory)', () => {
  let local: MemoryStore;
  let bucket: MemoryStore;
  let holder: MemoryHolder;
  let journal: MemoryJournal;
  let mover: StorageMover;
  let holders: FileHolders;

  beforeEach(() => {
    local = new MemoryStore('local');
    bucket = new MemoryStore('s3:bucket');
    const stores = new Map([
      ['local', local],
      ['s3:bucket', bucket],
    ]);
    const storage = {
      at: (location: string) => stores.get(location)!,
      find: async (key: string) =>
        [...stores.values()].find((store) => store.files.has(key))?.location ?? null,
    } as unknown as Storage;
    holder = new MemoryHolder();
    journal = new MemoryJournal();
    holders = new FileHolders();
    holders.register(holder);
    mover = new StorageMover(
      storage,
      holders,
      journal as unknown as StorageMoveRepository,
      { hold: (_to: string, move: () => Promise<unknown>) => move() } as StorageMoveLock,
      new ManualClock(new Date('2026-11-24T00:00:00Z')),
    );
  });

  const file = (store: MemoryStore, key: string, bytes = 'png') =>
    store.files.set(key, Buffer.from(bytes));

  it('copies, switches the record, deletes the source; counts files and bytes', async () => {
    file(local, 'a/1', 'one');
    file(local, 'a/2', 'twotwo');
    file(bucket, 'b/1');
    holder.rows.set('a', [
      { key: 'a/1', location: 'local' },
      { key: 'a/2', location: 'local' },
    ]);
    holder.rows.set('b', [{ key: 'b/1', location: 's3:bucket' }]);
    expect(await mover.move('s3:bucket')).toEqual({
      files_moved: 2,
      bytes_moved: 9,
      files_failed: 0,
    });
    expect([...local.files.keys()]).toEqual([]);
    expect([...bucket.files.keys()].sort()).toEqual(['a/1', 'a/2', 'b/1']);
    expect(holder.rows.get('a')!.every((f) => f.location === 's3:bucket')).toBe(true);
    expect(journal.rows.size).toBe(0);
    // Idempotent: nothing is left to move.
    expect((await mover.move('s3:bucket')).files_moved).toBe(0);
  });

  it('a file several records share leaves its source only with the last of them, and every record follows it', async () => {
    const sharing = new SharingHolder('shared');
    holders.register(sharing);
    file(local, 'render/1', 'pixels');
    for (const id of ['a', 'b', 'c'])
      sharing.rows.set(id, [{ key: 'render/1', location: 'local' }]);
    const counts = await mover.move('s3:bucket');
    expect(counts.files_failed).toBe(0);
    expect(local.files.size).toBe(0);
    expect(bucket.files.get('render/1')!.toString()).toBe('pixels');
    for (const id of ['a', 'b', 'c']) expect(sharing.rows.get(id)![0].location).toBe('s3:bucket');
    expect(journal.rows.size).toBe(0);
  });

  it('a crash left a shared file at both locations: the copy another record holds stays', async () => {
    const sharing = new SharingHolder('shared');
    holders.register(sharing);
    file(local, 'render/1');
    file(bucket, 'render/1');
    sharing.rows.set('a', [{ key: 'render/1', location: 'local' }]); // not switched yet
    sharing.rows.set('b', [{ key: 'render/1', location: 's3:bucket' }]); // already moved
    await journal.begin({ ...journalRow('render/1'), holder: 'shared', recordId: 'a' });
    await mover.move('s3:bucket');
    expect(bucket.files.has('render/1')).toBe(true);
    expect(sharing.rows.get('b')![0].location).toBe('s3:bucket');
    expect(sharing.rows.get('a')![0].location).toBe('s3:bucket');
    expect(local.files.size).toBe(0);
  });

  it('a dry run counts what would move and moves nothing', async () => {
    file(local, 'a/1', 'one');
    holder.rows.set('a', [{ key: 'a/1', location: 'local' }]);
    expect(await mover.move('s3:bucket', { dryRun: true })).toEqual({
      files_moved: 1,
      bytes_moved: 3,
      files_failed: 0,
    });
    expect(local.files.has('a/1')).toBe(true);
    expect(bucket.files.size).toBe(0);
    expect(holder.rows.get('a')![0].location).toBe('local');
  });

  it('never resurrects a file purged during its move: the new copy goes, the record stays purged', async () => {
    file(local, 'a/1');
    holder.rows.set('a', [{ key: 'a/1', location: 'local' }]);
    holder.beforeSwitch = () => {
      holder.rows.delete('a'); // expiry claims the row...
      local.files.delete('a/1'); // ...and deletes the file
    };
    const problems: string[] = [];
    const counts = await mover.move('s3:bucket', { onProblem: (_key, why) => problems.push(why) });
    expect(counts).toEqual({ files_moved: 0, bytes_moved: 0, files_failed: 0 });
    expect(bucket.files.size).toBe(0);
    expect(problems).toEqual([expect.stringMatching(/purged or expired/)]);
    expect(journal.rows.size).toBe(0);
  });

  it('refuses a copy that does not match its source: record and source untouched', async () => {
    file(local, 'a/1', 'original');
    holder.rows.set('a', [{ key: 'a/1', location: 'local' }]);
    const put = bucket.put.bind(bucket);
    bucket.put = (key: string) => put(key, Buffer.from('corrupted'));
    const counts = await mover.move('s3:bucket');
    expect(counts.files_failed).toBe(1);
    expect(bucket.files.size).toBe(0);
    expect(local.files.get('a/1')!.toString()).toBe('original');
    expect(holder.rows.get('a')![0].location).toBe('local');
  });

  it('finishes what a crash left after the switch: the source goes', async () => {
    file(local, 'a/1');
    file(bucket, 'a/1');
    holder.rows.set('a', [{ key: 'a/1', location: 's3:bucket' }]);
    await journal.begin(journalRow('a/1'));
    expect((await mover.move('s3:bucket')).files_moved).toBe(0);
    expect(local.files.size).toBe(0);
    expect(bucket.files.has('a/1')).toBe(true);
    expect(journal.rows.size).toBe(0);
  });

  it('finishes what a crash left before the switch: the copy goes, then the file moves again', async () => {
    file(local, 'a/1');
    file(bucket, 'a/1', 'half a copy');
    holder.rows.set('a', [{ key: 'a/1', location: 'local' }]);
    await journal.begin(journalRow('a/1'));
    expect((await mover.move('s3:bucket')).files_moved).toBe(1);
    expect(local.files.size).toBe(0);
    expect(bucket.files.get('a/1')!.toString()).toBe('png');
  });

  it('a record without a location is moved from wherever its file is, or only switched when it is at the target', async () => {
    file(local, 'a/1');
    file(bucket, 'b/1');
    holder.rows.set('a', [{ key: 'a/1' }]);
    holder.rows.set('b', [{ key: 'b/1' }]);
    expect((await mover.move('s3:bucket')).files_moved).toBe(1);
    expect(holder.rows.get('a')![0].location).toBe('s3:bucket');
    expect(holder.rows.get('b')![0].location).toBe('s3:bucket');
    expect(local.files.size).toBe(0);
  });

  it('stops taking files once interrupted; the rest move on the next run', async () => {
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) {
      file(local, `${id}/1`);
      holder.rows.set(id, [{ key: `${id}/1`, location: 'local' }]);
    }
    const stop = new AbortController();
    const first = await mover.move('s3:bucket', {
      signal: stop.signal,
      onFile: () => stop.abort(),
    });
    expect(first.files_moved).toBeGreaterThan(0);
    expect(first.files_moved).toBeLessThan(10);
    const second = await mover.move('s3:bucket');
    expect(first.files_moved + second.files_moved).toBe(10);
    expect(local.files.size).toBe(0);
    expect(bucket.files.size).toBe(10);
  });
});

function journalRow(key: string): StorageMove {
  return {
    key,
    holder: 'things',
    recordId: key.split('/')[0],
    fromLocation: 'local',
    toLocation: 's3:bucket',
    startedAt: new Date(),
  };
}
