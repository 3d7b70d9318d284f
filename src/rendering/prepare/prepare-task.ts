import { clientCatalog } from '../catalog/client-catalog';
import type { RenderOptions } from '../catalog/options';
import type { RenderImage } from '../transforms/images';
import { EmailContent, prepareHtml } from '../transforms/prepare-html';
import type { ReportEntry } from '../transforms/render-report';

/** What a preparation needs, as plain data (it may cross into a worker thread). */
export interface PrepareTask {
  email: EmailContent;
  clientCode: string;
  options: RenderOptions;
}

/** A prepared email as plain data: the HTML, the images it serves, what was changed. */
export interface PreparedEmail {
  html: string;
  served: Map<string, RenderImage>;
  report: ReportEntry[];
}

/** Runs the emulation pipeline for one client; the same code in a thread or in-line. */
export function runPreparation(task: PrepareTask): PreparedEmail {
  const profile = clientCatalog.find(task.clientCode);
  if (!profile) throw new Error(`'${task.clientCode}' is not a known client`);
  const prepared = prepareHtml(task.email, profile, task.options);
  return { html: prepared.html, served: prepared.images.served, report: prepared.report.list() };
}

/** Buffers arrive from a worker thread as plain Uint8Arrays: make them Buffers again. */
export function revive(prepared: PreparedEmail): PreparedEmail {
  const served = new Map<string, RenderImage>();
  for (const [path, image] of prepared.served) {
    const data = image.data as Uint8Array;
    served.set(path, {
      ...image,
      data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    });
  }
  return { ...prepared, served };
}
