import { Storage } from '../../../platform/storage/storage';
import type { CaptureFile } from './capture.entity';
import { CaptureRepository } from './capture.repository';

/** Rows purged per batch. */
const EXPIRY_BATCH = 100;

/**
 * The end of a capture's life: its row purged, its files deleted once no captured row of
 * the email holds them any more. Part of CaptureStateMachine (built by it, not injected).
 */
export class CapturePurge {
  constructor(
    private readonly captures: CaptureRepository,
    private readonly storage: Storage,
  ) {}

  /**
   * Captures past their lifetime lose their files and become purged
   * (docs/api.md#lifecycle-of-emails-and-captures). Each row is claimed by a conditional
   * update before its files go, so several processes may run this at once: nothing is deleted
   * twice, nothing is missed. Returns how many were purged.
   */
  async purgeDue(now: Date): Promise<number> {
    let count = 0;
    for (;;) {
      const batch = await this.captures.findDue(now, EXPIRY_BATCH);
      if (batch.length === 0) return count;
      for (const capture of batch) {
        const files = await this.purge(capture.id);
        if (!files) continue;
        await this.deleteUnheld(capture.emailId, Object.values(files));
        count++;
      }
    }
  }

  /**
   * Erasure: every row of the email goes, with every file they hold (full images, thumbnails,
   * diffs), and the diffs other emails' captures hold against it. A render of the email in
   * flight then finds its row gone and deletes what it stored (CaptureProcessor). Returns
   * how many rows went.
   */
  async eraseEmail(emailId: string): Promise<number> {
    const rows = await this.captures.ofEmail(emailId);
    await this.captures.deleteOfEmail(emailId);
    await this.storage.delete(rows.flatMap((row) => Object.values(row.files ?? {})));
    const diffSuffix = `-diff-${emailId.toLowerCase()}.png`;
    for (const id of await this.captures.withDiffAgainst(emailId)) {
      let detached: CaptureFile[] = [];
      await this.captures.changeFiles(id, (files) => {
        const names = Object.keys(files).filter((name) => name.endsWith(diffSuffix));
        detached = names.map((name) => files[name]);
        for (const name of names) delete files[name];
        return names.length > 0;
      });
      await this.storage.delete(detached);
    }
    return rows.length;
  }

  /**
   * Deletes those of `files` that no captured row of the email holds: a file of a shared
   * render goes with the last capture holding it. Purges of two sharers at once each mark
   * their row first and read the other's after, so at least one sees both gone. With
   * `unlessInFlight`, nothing is deleted while one of the email's captures is being made
   * (it may be about to record the same file): such a file is left, not lost.
   */
  async deleteUnheld(
    emailId: string,
    files: Pick<CaptureFile, 'key' | 'location'>[],
    { unlessInFlight = false } = {},
  ): Promise<void> {
    const held = await this.captures.heldByEmail(emailId);
    if (unlessInFlight && held.inFlight) return;
    const keys = new Set(held.files.map((file) => file.key));
    await this.storage.delete(files.filter((file) => !keys.has(file.key)));
  }

  /** Purges a captured row with the files it holds at that moment; null if another process did. */
  private async purge(id: string): Promise<Record<string, CaptureFile> | null> {
    for (;;) {
      const files = await this.captures.filesOf(id);
      if (files === null) return (await this.captures.markPurged(id)) ? {} : null;
      if (await this.captures.markPurgedIf(id, files))
        return JSON.parse(files) as Record<string, CaptureFile>;
    }
  }
}
