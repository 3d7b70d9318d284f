import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ClientAliases, clientAliases } from '../../rendering';
import { RetiredClientCodesInterceptor } from './retired-client-codes.interceptor';

/** Retired client codes answered through their aliases, on every route that names clients. */
@Module({
  providers: [
    { provide: ClientAliases, useValue: clientAliases },
    { provide: APP_INTERCEPTOR, useClass: RetiredClientCodesInterceptor },
  ],
})
export class ClientAliasesHttpModule {}
