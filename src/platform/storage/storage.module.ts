import { Global, Module } from '@nestjs/common';
import { LocalStorage } from './local-storage';
import { FileHolders } from './move/file-holders';
import { Storage } from './storage';

/** Where files live: the local folder and, with S3_*, a bucket; STORAGE picks where new ones go. */
@Global()
@Module({
  providers: [LocalStorage, Storage, FileHolders],
  exports: [Storage, LocalStorage, FileHolders],
})
export class StorageModule {}
