import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { FileStore, LOCAL_LOCATION, parseS3Location } from './file-store';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

/** A stored file as its record names it: its key, and the location holding it if recorded. */
export interface StoredFileRef {
  key: string;
  /** Absent in records made before locations were recorded: looked for everywhere. */
  location?: string;
}

/**
 * Every place files live, behind one face. New files go to STORAGE's location (`target`);
 * a file is read where its record says, and looked for in the other locations when it is
 * not there (its record was read before a move switched it) or the record names none.
 * The local folder is always readable; any bucket or prefix of the configured S3 service is,
 * once a record names it. Deletions reach every location, so a file moved while its email
 * or capture expired is never left behind (storage:move).
 */
@Injectable()
export class Storage implements OnModuleDestroy {
  private readonly stores = new Map<string, FileStore>();
  readonly target: string;
  /** The configured bucket and prefix (S3_BUCKET, S3_PREFIX), when S3 is configured. */
  readonly s3Location?: string;

  constructor(
    private readonly config: AppConfig,
    local: LocalStorage,
  ) {
    this.stores.set(local.location, local);
    const s3 = config.storage.s3;
    if (s3) {
      const configured = new S3Storage(s3);
      this.stores.set(configured.location, configured);
      this.s3Location = configured.location;
      this.target = config.storage.kind === 's3' ? configured.location : LOCAL_LOCATION;
    } else this.target = LOCAL_LOCATION;
  }

  /** The store of a location; S3 locations of the configured service are opened on demand. */
  at(location: string): FileStore {
    const known = this.stores.get(location);
    if (known) return known;
    const place = parseS3Location(location);
    if (!place || !this.config.storage.s3)
      throw new Error(`no configured storage holds location '${location}'`);
    const store = new S3Storage(this.config.storage.s3, place);
    this.stores.set(location, store);
    return store;
  }

  /** Stores a new file in the target location; returns that location, to be recorded. */
  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    await this.at(this.target).put(key, data, contentType);
    return this.target;
  }

  /** Stores a file at a recorded location (a thumbnail owed to a capture), else the target. */
  async putAt(location: string | undefined, key: string, data: Buffer, type: string) {
    await this.at(location ?? this.target).put(key, data, type);
  }

  /** The file's bytes, from its recorded location or wherever it is now; null if nowhere. */
  async get(key: string, location?: string): Promise<Buffer | null> {
    for (const store of this.searchOrder(location)) {
      const data = await store.get(key);
      if (data) return data;
    }
    return null;
  }

  /** The location holding the file now (where new files go first), or null. */
  async find(key: string): Promise<string | null> {
    for (const store of this.searchOrder()) if (await store.exists(key)) return store.location;
    return null;
  }

  /** Whether the file is at its recorded location (anywhere, for a record that names none). */
  async exists(key: string, location?: string): Promise<boolean> {
    return location ? this.at(location).exists(key) : (await this.find(key)) !== null;
  }

  /**
   * Where a client fetches the file: its recorded location, from a record read just before
   * (storage:move switches a record before it deletes the source); wherever it is found for
   * a record that names none.
   */
  async locate(key: string, location?: string): Promise<string> {
    return this.at(location ?? (await this.find(key)) ?? this.target).locate(key);
  }

  /** Deletes the files from every location known to this process and the ones recorded. */
  async delete(files: (string | StoredFileRef)[]): Promise<void> {
    if (files.length === 0) return;
    const refs = files.map((file) => (typeof file === 'string' ? { key: file } : file));
    for (const { location } of refs) if (location) this.at(location);
    const keys = refs.map((ref) => ref.key);
    await Promise.all([...this.stores.values()].map((store) => store.delete(keys)));
  }

  private searchOrder(location?: string): FileStore[] {
    const first = location ? [this.at(location)] : [];
    const rest = [this.at(this.target), ...this.stores.values()];
    return [...new Set([...first, ...rest])];
  }

  onModuleDestroy(): void {
    for (const store of this.stores.values()) if (store instanceof S3Storage) store.close();
  }
}
