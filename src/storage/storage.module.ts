import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { Storage } from './storage';

/** STORAGE chooses the adapter behind the Storage token: local folder or S3-compatible bucket. */
@Global()
@Module({
  providers: [
    LocalStorage,
    {
      provide: Storage,
      inject: [AppConfig, LocalStorage],
      useFactory: (config: AppConfig, local: LocalStorage) =>
        config.storage.kind === 's3' ? new S3Storage(config) : local,
    },
  ],
  exports: [Storage, LocalStorage],
})
export class StorageModule {}
