import { Module } from '@nestjs/common';
import { modulesOf } from './process-modules';

/** The HTTP API process. */
@Module({
  imports: modulesOf('api'),
})
export class AppModule {}
