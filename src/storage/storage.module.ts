import { Global, Module } from '@nestjs/common';
import { LocalStorage } from './local-storage';
import { Storage } from './storage';

@Global()
@Module({
  providers: [LocalStorage, { provide: Storage, useExisting: LocalStorage }],
  exports: [Storage, LocalStorage],
})
export class StorageModule {}
