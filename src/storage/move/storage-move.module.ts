import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StorageMove } from './storage-move.entity';
import { StorageMoveRepository } from './storage-move.repository';
import { StorageMover } from './storage-mover';

/** The mover and its journal; the file holders register themselves in their modules. */
@Module({
  imports: [TypeOrmModule.forFeature([StorageMove])],
  providers: [StorageMoveRepository, StorageMover],
  exports: [StorageMover],
})
export class StorageMoveModule {}
