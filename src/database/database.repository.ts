import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The database itself, as readiness sees it. */
@Injectable()
export class DatabaseRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Resolves when the database answers a query. */
  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
