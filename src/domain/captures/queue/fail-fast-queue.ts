import { Job, JobsOptions, JobType, Queue } from 'bullmq';
import { whileRedisAnswers } from '../../../platform/redis/redis-availability';

/**
 * The capture queue as an API process uses it (on failFastRedisConnection): a command that
 * Redis does not answer throws RedisUnavailableError, answered 503, rather than ioredis's
 * own errors. The commands are the ones the API process sends; workers use Queue itself.
 */
export class FailFastQueue extends Queue {
  override add(name: string, data: unknown, opts?: JobsOptions): Promise<Job> {
    return whileRedisAnswers(() => super.add(name, data, opts));
  }

  override getJobCountByTypes(...types: JobType[]): Promise<number> {
    return whileRedisAnswers(() => super.getJobCountByTypes(...types));
  }

  override getJobCounts(...types: JobType[]): Promise<{ [index: string]: number }> {
    return whileRedisAnswers(() => super.getJobCounts(...types));
  }
}
