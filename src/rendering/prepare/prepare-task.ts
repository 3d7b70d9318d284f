import { asBuffer, EmailContent, RenderImage } from '../model/email-content';
import type { ReportEntry } from '../model/render-report';
import type { ClientProfile } from '../profile/client-profile';
import type { RenderOptions } from '../profile/options';
import { prepareHtml } from './prepare-html';

/**
 * What a preparation needs, as plain data (it may cross into a worker thread): the profile
 * itself, as the renderer's catalogue has it, so that a thread prepares for that same profile.
 */
export interface PrepareTask {
  email: EmailContent;
  profile: ClientProfile;
  options: RenderOptions;
}

/** A prepared email as plain data: the HTML, the images it serves, what was changed. */
export interface PreparedEmail {
  html: string;
  served: Map<string, RenderImage>;
  report: ReportEntry[];
  /** Whether the client zooms this email out to the screen. */
  fitsToWidth: boolean;
  /** CPU time the preparation took on the thread that ran it (0 when it came from a cache). */
  cpuMs: number;
}

/** CPU time of the calling thread (Node 23.9+, which @types/node here does not know yet). */
function threadCpuMs(): number {
  const usage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.();
  return usage ? (usage.user + usage.system) / 1000 : 0;
}

/** Runs the emulation pipeline for one client; the same code in a thread or in-line. */
export function runPreparation(task: PrepareTask): PreparedEmail {
  const cpu = threadCpuMs();
  const prepared = prepareHtml(task.email, task.profile, task.options);
  const cpuMs = threadCpuMs() - cpu;
  return {
    html: prepared.html,
    served: prepared.images.served,
    report: prepared.report.list(),
    fitsToWidth: prepared.fitsToWidth,
    cpuMs,
  };
}

/** Buffers arrive from a worker thread as plain Uint8Arrays: make them Buffers again. */
export function revive(prepared: PreparedEmail): PreparedEmail {
  const served = new Map<string, RenderImage>();
  for (const [path, image] of prepared.served) {
    served.set(path, { ...image, data: asBuffer(image.data) });
  }
  return { ...prepared, served };
}
