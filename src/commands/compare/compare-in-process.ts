import { mapWithConcurrency } from '../../base/system/map-with-concurrency';
import { loadConfig } from '../../platform/config/app-config';
import { loadEmail } from '../../domain/emails/mime/email-file';
import { Renderer } from '../../rendering';
import type { EmailContent } from '../../rendering';
import { plannedSandbox, rendererOptions } from '../../domain/renderer/renderer-options';
import { diffImages } from '../../domain/comparisons/image-diff';
import { formatPercent, writeDiff } from './compare-output';
import { ClientDiff, CompareArgs, CompareError, CompareIo } from './compare-types';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Renders both versions in each client with the rendering library, as `npm run render`
 * does (the service's settings: CHROMIUM_PATH, CAPTURE_TIMEOUT_MS, ...), and compares each
 * client's two full images. No database, no service.
 */
export async function compareInProcess(args: CompareArgs, io: CompareIo): Promise<ClientDiff[]> {
  const [base, head] = await Promise.all([args.base, args.head].map(load));
  const config = configOf(io.env);
  const sandbox = plannedSandbox(config);
  if (sandbox.mode === 'off') io.err(`Chromium sandbox ${sandbox.reason}`);
  const renderer = new Renderer(
    rendererOptions(config, {
      sandbox: sandbox.mode,
      onSandboxOff: (why) => io.err(`Chromium sandbox OFF: ${why}`),
      warmContexts: false, // two renders per client, then the process ends
    }),
  );
  const options = { images: args.images, orientation: args.orientation };
  let failed = false;
  // The Renderer queues renders itself; a client at a time per render slot keeps the images
  // held at once bounded.
  const clientsAtOnce = Math.max(1, Math.min(config.capture.concurrency, args.clients.length));
  try {
    return await mapWithConcurrency(args.clients, clientsAtOnce, async (client) => {
      if (failed) throw new CompareError('stopped');
      io.err(`${client}: rendering both versions`);
      const [before, after] = await Promise.all([
        renderer.render(base, client, options),
        renderer.render(head, client, options),
      ]).catch((error: unknown) => {
        failed = true;
        throw new CompareError(`${client}: render failed: ${reason(error)}`);
      });
      if (before.truncated || after.truncated)
        io.err(`${client}: an email taller than the capture limit, compared as cut`);
      const diff = await diffImages(before.full, after.full);
      io.err(
        `${client}: ${formatPercent(diff.changedRatio)} changed (${diff.changedPixels} px of ${diff.width} x ${diff.height})`,
      );
      return {
        client,
        changedRatio: diff.changedRatio,
        changedPixels: diff.changedPixels,
        diff: args.out ? writeDiff({ ...args, out: args.out }, client, diff.png) : null,
      };
    });
  } finally {
    await renderer.close();
  }
}

function configOf(env: NodeJS.ProcessEnv) {
  try {
    return loadConfig(env);
  } catch (error) {
    throw new CompareError(reason(error));
  }
}

async function load(path: string): Promise<EmailContent> {
  try {
    return await loadEmail(path);
  } catch (error) {
    throw new CompareError(`${path}: ${reason(error)}`);
  }
}
