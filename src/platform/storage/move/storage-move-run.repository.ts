import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Repository } from 'typeorm';
import { RUN_LOCK, StorageMoveRun } from './storage-move-run.entity';

/** The lease of the storage:move that runs. */
@Injectable()
export class StorageMoveRunRepository {
  constructor(
    @InjectRepository(StorageMoveRun) private readonly rows: Repository<StorageMoveRun>,
  ) {}

  /**
   * Takes the lease for `run` when no run holds it, or the one holding it let it run out
   * by `now`. Null: taken; else the run that holds it.
   */
  async claim(run: StorageMoveRun, now: Date): Promise<StorageMoveRun | null> {
    await this.rows.createQueryBuilder().insert().values(run).orIgnore().execute();
    await this.rows.update({ name: RUN_LOCK, leaseExpiresAt: LessThanOrEqual(now) }, run);
    const holder = await this.rows.findOneBy({ name: RUN_LOCK });
    // Gone between the two (its run ended): no one holds it, try again.
    if (!holder) return this.claim(run, now);
    return holder.runId === run.runId ? null : holder;
  }

  async renew(runId: string, until: Date): Promise<void> {
    await this.rows.update({ name: RUN_LOCK, runId }, { leaseExpiresAt: until });
  }

  async release(runId: string): Promise<void> {
    await this.rows.delete({ name: RUN_LOCK, runId });
  }
}
