import { Injectable, OnModuleInit } from '@nestjs/common';
import { FileHolder, FileHolders, HeldRecord } from '../../../platform/storage/move/file-holders';
import type { CaptureFile } from './capture.entity';
import { emailOfRenderKey } from './capture-file-names';
import { CaptureRepository } from './capture.repository';

/** The files of captured rows (full image, thumbnails), for storage:move. */
@Injectable()
export class CaptureFileHolder implements FileHolder, OnModuleInit {
  readonly name = 'captures';

  constructor(
    private readonly captures: CaptureRepository,
    private readonly holders: FileHolders,
  ) {}

  onModuleInit(): void {
    this.holders.register(this);
  }

  async records(after: string | null, take: number): Promise<HeldRecord[]> {
    const rows = await this.captures.filesAfter(after, take);
    return rows.map((row) => ({
      id: row.id,
      files: Object.values(JSON.parse(row.files) as Record<string, CaptureFile>).map(
        ({ key, content_type, location }) => ({ key, contentType: content_type, location }),
      ),
    }));
  }

  /** Switched only while this file is still at `from` (another move may have won). */
  switchLocation(id: string, key: string, from: string | undefined, to: string) {
    return this.captures.changeFiles(id, (files) => {
      const file = Object.values(files).find((candidate) => candidate.key === key);
      if (!file || file.location !== from) return false;
      file.location = to;
      return true;
    });
  }

  /** Captures sharing a render hold its files under one key (renderFileKeys). */
  async heldElsewhere(recordId: string, key: string, location: string): Promise<boolean> {
    const emailId = emailOfRenderKey(key);
    if (!emailId) return false;
    const { files } = await this.captures.heldByEmail(emailId, recordId);
    return files.some(
      (file) => file.key === key && (file.location === undefined || file.location === location),
    );
  }

  async locationOf(id: string, key: string): Promise<string | undefined | null> {
    const stored = await this.captures.filesOf(id);
    if (stored === null) return null;
    const files = JSON.parse(stored) as Record<string, CaptureFile>;
    const file = Object.values(files).find((candidate) => candidate.key === key);
    return file ? file.location : null;
  }
}
