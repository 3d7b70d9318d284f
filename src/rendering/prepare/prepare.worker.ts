import { threadEntry } from '../../base/threads/budgeted-thread-pool';
import { PreparedEmail, PrepareTask, runPreparation } from './prepare-task';

/** The worker-thread entry piscina loads: one preparation per call. */
export default threadEntry((task: PrepareTask): PreparedEmail => runPreparation(task));
