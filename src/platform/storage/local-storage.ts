import { Injectable } from '@nestjs/common';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { assertSafeKey, FileStore, LOCAL_LOCATION } from './file-store';

/** Files under DATA_DIR/files. Writes go to a temporary name first, so readers never see half a file. */
@Injectable()
export class LocalStorage extends FileStore {
  readonly location = LOCAL_LOCATION;
  readonly root: string;

  constructor(private readonly config: AppConfig) {
    super();
    this.root = join(config.dataDir, 'files');
  }

  pathOf(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, path);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async size(key: string): Promise<number | null> {
    return stat(this.pathOf(key)).then(
      (stats) => stats.size,
      () => null,
    );
  }

  /** Served by LocalFilesController under PUBLIC_URL/files/. */
  async locate(key: string): Promise<string> {
    assertSafeKey(key);
    return `${this.config.publicUrl}/files/${key}`;
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }
}
