import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions, Entities } from './data-source-options';

/** The TypeORM data source; migrations run on start, never `synchronize`. */
@Module({})
export class DatabaseModule {
  /** The data source of these tables (the processes' list, processes/entities.ts). */
  static forRoot(entities: Entities): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => dataSourceOptions(config, entities),
        }),
      ],
    };
  }
}
