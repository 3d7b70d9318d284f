import { Injectable } from '@nestjs/common';

/** One stored file as a record holds it. */
export interface HeldFile {
  key: string;
  contentType: string;
  /** Absent in records older than locations. */
  location?: string;
}

/** A record (a row) and the stored files it names. */
export interface HeldRecord {
  id: string;
  files: HeldFile[];
}

/**
 * A table whose rows name stored files (captures, emails). Each registers itself
 * (FileHolders.register); storage:move runs what is registered and names none of them.
 */
export interface FileHolder {
  /** Names the holder in journal rows, so a resumed move finds it again. */
  readonly name: string;
  /** Live records (not purged or expired) with files, after `after` in id order. */
  records(after: string | null, take: number): Promise<HeldRecord[]>;
  /**
   * Records the file at `to` if its record still holds it at `from` (an absent location
   * included) and is still live: one conditional update. False when it changed meanwhile.
   */
  switchLocation(
    recordId: string,
    key: string,
    from: string | undefined,
    to: string,
  ): Promise<boolean>;
  /** The file's recorded location now: absent for none recorded, null when the record no longer holds it. */
  locationOf(recordId: string, key: string): Promise<string | undefined | null>;
  /**
   * For holders whose records share files (keys named by content, the same bytes under
   * one key): does another live record hold `key` at `location` (or at no recorded
   * location)? Such a copy stays until the last record holding it has moved.
   */
  heldElsewhere?(recordId: string, key: string, location: string): Promise<boolean>;
}

/** The holders registered by their modules at start. */
@Injectable()
export class FileHolders {
  private readonly holders = new Map<string, FileHolder>();

  register(holder: FileHolder): void {
    if (this.holders.has(holder.name))
      throw new Error(`file holder '${holder.name}' registered twice`);
    this.holders.set(holder.name, holder);
  }

  all(): FileHolder[] {
    return [...this.holders.values()];
  }

  get(name: string): FileHolder | undefined {
    return this.holders.get(name);
  }
}
