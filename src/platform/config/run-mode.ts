/**
 * embedded: one process renders its own captures (in-process queue). scale-out: API
 * processes enqueue on BullMQ (Redis) and render workers take the jobs
 * (docs/architecture.md#run-modes).
 */
export type RunMode = 'embedded' | 'scale-out';
