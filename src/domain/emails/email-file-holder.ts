import { Injectable, OnModuleInit } from '@nestjs/common';
import { FileHolder, FileHolders, HeldRecord } from '../../platform/storage/move/file-holders';
import { EmailRepository, StoredCopies } from './email.repository';

type CopyColumn = 'images' | 'resources';
const COLUMNS: CopyColumn[] = ['images', 'resources'];

interface Copy {
  key?: string;
  content_type?: string;
  location?: string;
}

/** The stored copies of live emails (images, stylesheets, fonts), for storage:move. */
@Injectable()
export class EmailFileHolder implements FileHolder, OnModuleInit {
  readonly name = 'emails';

  constructor(
    private readonly emails: EmailRepository,
    private readonly holders: FileHolders,
  ) {}

  onModuleInit(): void {
    this.holders.register(this);
  }

  async records(after: string | null, take: number): Promise<HeldRecord[]> {
    const rows = await this.emails.copiesAfter(after, take);
    return rows.map((row) => ({
      id: row.id,
      files: COLUMNS.flatMap((column) => copiesIn(row, column)).flatMap((copy) =>
        copy.key
          ? [{ key: copy.key, location: copy.location, contentType: copy.content_type ?? '' }]
          : [],
      ),
    }));
  }

  /**
   * Compare and set on the column holding the copy. Another copy of the same email switched
   * at the same moment changes it too: read again and retried, while this copy is still at
   * `from`.
   */
  async switchLocation(id: string, key: string, from: string | undefined, to: string) {
    for (;;) {
      const row = await this.emails.copiesOf(id);
      if (!row) return false;
      const column = COLUMNS.find((name) => copiesIn(row, name).some((c) => c.key === key));
      if (!column) return false;
      const copies = copiesIn(row, column);
      const copy = copies.find((candidate) => candidate.key === key)!;
      if (copy.location !== from) return false;
      copy.location = to;
      if (await this.emails.replaceCopies(id, column, row[column], JSON.stringify(copies)))
        return true;
    }
  }

  async locationOf(id: string, key: string): Promise<string | undefined | null> {
    const row = await this.emails.copiesOf(id);
    if (!row) return null;
    const copy = COLUMNS.flatMap((column) => copiesIn(row, column)).find((c) => c.key === key);
    return copy ? copy.location : null;
  }
}

function copiesIn(row: StoredCopies, column: CopyColumn): Copy[] {
  return JSON.parse(row[column]) as Copy[];
}
