// Data source for the TypeORM CLI (migration:generate, migration:run, ...). The app builds
// the same options from the same validated configuration.
import 'reflect-metadata';
import 'dotenv/config';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/platform/config/app-config';
import { dataSourceOptions } from './src/platform/database/data-source-options';
import { ENTITIES } from './src/processes/entities';

export default new DataSource(dataSourceOptions(loadConfig(), ENTITIES));
