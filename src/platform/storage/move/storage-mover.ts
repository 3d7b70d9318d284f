import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { mapWithConcurrency } from '../../../base/system/map-with-concurrency';
import { Clock } from '../../config/clock';
import { Storage } from '../storage';
import { FileHolder, FileHolders, HeldFile } from './file-holders';
import { StorageMoveLock } from './storage-move-lock';
import { StorageMoveRepository } from './storage-move.repository';

/** What a move did (or, dry, would do): the CLI's `--json`. */
export interface MoveCounts {
  files_moved: number;
  bytes_moved: number;
  files_failed: number;
}

export interface MoveOptions {
  dryRun?: boolean;
  /** Stops taking new files (Ctrl-C); files under way finish. */
  signal?: AbortSignal;
  /** How many files the move will look at, once counted. */
  onTotal?: (files: number) => void;
  /** After each file, whatever became of it. */
  onFile?: () => void;
  /** A file that failed or was skipped, and why. */
  onProblem?: (key: string, reason: string) => void;
}

/** Records read per page; files carried at once. */
const PAGE = 200;
const AT_ONCE = 8;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Moves every stored file held elsewhere into one location while the service runs. Per
 * file: journal, copy, verify (size and checksum of what the target returns), switch the
 * record (a conditional update: only if it still holds the file where it was read, and is
 * not purged or expired), delete the source, end the journal. A file whose record changed
 * meanwhile loses its new copy instead: nothing purged comes back. A run first finishes what
 * an earlier one left in the journal (a crash, Ctrl-C), so running it again finishes the job;
 * hence one run at a time (StorageMoveLock): a second would take the first one's files under
 * way for such leftovers.
 */
@Injectable()
export class StorageMover {
  constructor(
    private readonly storage: Storage,
    private readonly holders: FileHolders,
    private readonly journal: StorageMoveRepository,
    private readonly lock: StorageMoveLock,
    private readonly clock: Clock,
  ) {}

  /** One run at a time (a dry run reads only): 409 while another runs. */
  move(to: string, options: MoveOptions = {}): Promise<MoveCounts> {
    this.storage.at(to); // an unknown location fails here, before anything moves
    return options.dryRun ? this.run(to, options) : this.lock.hold(to, () => this.run(to, options));
  }

  private async run(to: string, options: MoveOptions): Promise<MoveCounts> {
    const counts: MoveCounts = { files_moved: 0, bytes_moved: 0, files_failed: 0 };
    if (!options.dryRun) await this.finishUnfinished();
    options.onTotal?.(await this.countToMove(to));
    for (const holder of this.holders.all()) {
      for (let after: string | null = null; ;) {
        if (options.signal?.aborted) return counts;
        const records = await holder.records(after, PAGE);
        if (records.length === 0) break;
        after = records[records.length - 1].id;
        const files = records.flatMap((record) =>
          record.files
            .filter((file) => file.location !== to)
            .map((file) => ({ recordId: record.id, file })),
        );
        await mapWithConcurrency(files, AT_ONCE, async ({ recordId, file }) => {
          if (options.signal?.aborted) return;
          try {
            const bytes = await this.moveOne(holder, recordId, file, to, options);
            if (bytes !== null) {
              counts.files_moved++;
              counts.bytes_moved += bytes;
            }
          } catch (error) {
            counts.files_failed++;
            options.onProblem?.(file.key, (error as Error).message);
          }
          options.onFile?.();
        });
      }
    }
    return counts;
  }

  /** Files recorded anywhere but `to` (the progress bar's total). */
  private async countToMove(to: string): Promise<number> {
    let total = 0;
    for (const holder of this.holders.all()) {
      for (let after: string | null = null; ;) {
        const records = await holder.records(after, PAGE);
        if (records.length === 0) break;
        after = records[records.length - 1].id;
        for (const record of records)
          total += record.files.filter((file) => file.location !== to).length;
      }
    }
    return total;
  }

  /** Bytes carried, or null when there was nothing to carry (not found, record changed). */
  private async moveOne(
    holder: FileHolder,
    recordId: string,
    file: HeldFile,
    to: string,
    options: MoveOptions,
  ): Promise<number | null> {
    const from = file.location ?? (await this.storage.find(file.key));
    if (from === null) {
      // A thumbnail not made yet is stored at its recorded location: a later run carries it.
      options.onProblem?.(file.key, 'not found in any location: left where its record says');
      return null;
    }
    if (from === to) {
      // Recorded before locations were: found at the target already, only the record changes.
      if (!options.dryRun) await holder.switchLocation(recordId, file.key, file.location, to);
      return null;
    }
    if (options.dryRun) return this.storage.at(from).size(file.key);
    const source = this.storage.at(from);
    const target = this.storage.at(to);
    await this.journal.begin({
      key: file.key,
      holder: holder.name,
      recordId,
      fromLocation: from,
      toLocation: to,
      startedAt: this.clock.now(),
    });
    const data = await source.get(file.key);
    if (!data) {
      await this.journal.end(file.key);
      // A shared file (named by its content) carried by another record's move: only the record changes.
      if (holder.heldElsewhere && (await target.size(file.key)) !== null) {
        await holder.switchLocation(recordId, file.key, file.location, to);
        return null;
      }
      options.onProblem?.(file.key, `gone from ${from} meanwhile (purged or expired)`);
      return null;
    }
    await target.put(file.key, data, file.contentType || 'application/octet-stream');
    const copy = await target.get(file.key);
    if (!copy || copy.length !== data.length || sha256(copy) !== sha256(data)) {
      await target.delete([file.key]);
      await this.journal.end(file.key);
      throw new Error(`the copy in ${to} does not match the source (size or checksum)`);
    }
    if (!(await holder.switchLocation(recordId, file.key, file.location, to))) {
      // Purged, expired or changed meanwhile: the copy goes, whatever the record holds stays.
      await this.settle(holder, recordId, file.key, from, to);
      options.onProblem?.(file.key, 'its record changed meanwhile (purged or expired): skipped');
      return null;
    }
    if (!(await holder.heldElsewhere?.(recordId, file.key, from))) await source.delete([file.key]);
    await this.journal.end(file.key);
    return data.length;
  }

  /** What an earlier run left under way: each file kept where its record holds it now. */
  private async finishUnfinished(): Promise<void> {
    for (const move of await this.journal.unfinished()) {
      const holder = this.holders.get(move.holder);
      if (holder)
        await this.settle(holder, move.recordId, move.key, move.fromLocation, move.toLocation);
      else await this.journal.end(move.key);
    }
  }

  /** Deletes the file from whichever of `from` and `to` its record does not hold it at. */
  private async settle(
    holder: FileHolder,
    recordId: string,
    key: string,
    from: string,
    to: string,
  ) {
    const recorded = await holder.locationOf(recordId, key);
    // No location recorded: the record still names the file where it was found (`from`).
    const kept = recorded === undefined ? from : recorded;
    for (const location of [from, to]) {
      if (location === kept || (await holder.heldElsewhere?.(recordId, key, location))) continue;
      await this.storage.at(location).delete([key]);
    }
    await this.journal.end(key);
  }
}
