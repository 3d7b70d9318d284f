import { Module } from '@nestjs/common';
import { LocalFilesController } from './local-files.controller';

/** Serves locally stored capture files over HTTP: the API only, never a render worker. */
@Module({ controllers: [LocalFilesController] })
export class LocalFilesModule {}
