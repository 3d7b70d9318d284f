import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { StorageMove } from './storage-move.entity';

/** The journal of files being moved. */
@Injectable()
export class StorageMoveRepository {
  constructor(@InjectRepository(StorageMove) private readonly rows: Repository<StorageMove>) {}

  /** Records a file about to be copied (a row left by an earlier run is replaced). */
  async begin(move: StorageMove): Promise<void> {
    await this.rows.upsert(move, ['key']);
  }

  async end(key: string): Promise<void> {
    await this.rows.delete({ key });
  }

  /** Moves an earlier run left unfinished. */
  unfinished(): Promise<StorageMove[]> {
    return this.rows.find({ order: { startedAt: 'ASC' } });
  }
}
