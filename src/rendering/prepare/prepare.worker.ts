import { PreparedEmail, PrepareTask, runPreparation } from './prepare-task';

/** The worker-thread entry piscina loads: one preparation per call. */
export default function prepare(task: PrepareTask): PreparedEmail {
  return runPreparation(task);
}
