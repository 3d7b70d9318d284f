import { Module } from '@nestjs/common';
import { SpamdProcess } from './spamd-process';

@Module({ providers: [SpamdProcess], exports: [SpamdProcess] })
export class SpamdModule {}
