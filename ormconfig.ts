// Data source for the TypeORM CLI (migration:generate, migration:run, ...). The app builds
// the same options from the same validated configuration.
import 'reflect-metadata';
import 'dotenv/config';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config';
import { dataSourceOptions } from './src/database/data-source-options';

export default new DataSource(dataSourceOptions(loadConfig()));
