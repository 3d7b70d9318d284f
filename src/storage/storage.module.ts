import { Global, Module } from '@nestjs/common';
import { LocalFilesController } from './local-files.controller';
import { LocalStorage } from './local-storage';
import { Storage } from './storage';

@Global()
@Module({
  controllers: [LocalFilesController],
  providers: [LocalStorage, { provide: Storage, useExisting: LocalStorage }],
  exports: [Storage, LocalStorage],
})
export class StorageModule {}
