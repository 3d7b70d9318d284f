import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StorageMove } from './storage-move.entity';
import { StorageMoveLock } from './storage-move-lock';
import { StorageMoveRun } from './storage-move-run.entity';
import { StorageMoveRunRepository } from './storage-move-run.repository';
import { StorageMoveRepository } from './storage-move.repository';
import { StorageMover } from './storage-mover';

/** The mover, its journal and its one-run lease; the file holders register themselves in their modules. */
@Module({
  imports: [TypeOrmModule.forFeature([StorageMove, StorageMoveRun])],
  providers: [StorageMoveRepository, StorageMoveRunRepository, StorageMoveLock, StorageMover],
  exports: [StorageMover],
})
export class StorageMoveModule {}
