import { Module } from '@nestjs/common';
import { DnsLookups } from './dns-lookups';

@Module({ providers: [DnsLookups], exports: [DnsLookups] })
export class DnsModule {}
