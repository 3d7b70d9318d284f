import 'reflect-metadata';
import { Command } from 'commander';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { IMAGE_SIZES, imageFileName } from './domain/captures/state/capture-file-names';
import { loadEmail } from './domain/emails/mime/email-file';
import { withCaptureOptions } from './commands/capture-options';
import { RenderOptions, Renderer } from './rendering';
import { plannedSandbox, rendererOptions } from './domain/renderer/renderer-options';
import { loadConfig } from './platform/config/app-config';

/** `npm run render -- <file.html|file.eml> --client OL2019 [--images blocked] [--orientation horizontal] [--out dir]` */
async function main(): Promise<void> {
  const program = withCaptureOptions(
    new Command('render')
      .argument('<file>', 'an .html file or a whole message (.eml)')
      .requiredOption('--client <code>', 'client code, e.g. OL2019'),
  )
    .option('--out <dir>', 'where to write the PNGs', '.')
    .parse();
  const [file] = program.args;
  const options = program.opts<{ client: string; out: string } & RenderOptions>();
  const email = await loadEmail(resolve(file));
  // The service's settings (CHROMIUM_PATH, CAPTURE_TIMEOUT_MS, RENDER_MEMORY_MB, ...).
  const config = loadConfig();
  const sandbox = plannedSandbox(config);
  if (sandbox.mode === 'off') console.error(`Chromium sandbox ${sandbox.reason}`);
  const renderer = new Renderer(
    rendererOptions(config, {
      sandbox: sandbox.mode,
      onSandboxOff: (reason) => console.error(`Chromium sandbox OFF: ${reason}`),
      warmContexts: false, // one render: nothing comes after it to keep a context for
    }),
  );
  try {
    const result = await renderer.render(email, options.client, options);
    mkdirSync(options.out, { recursive: true });
    const images = { full: result.full, ...(await result.thumbnails()) };
    for (const size of IMAGE_SIZES) {
      const data = images[size];
      const path = join(options.out, imageFileName(options, result.viewportWidth, size));
      writeFileSync(path, data);
      console.log(`wrote ${path}`);
    }
    console.log(
      `size: ${result.width} x ${result.height} device px${result.truncated ? ' (cut)' : ''}`,
    );
    console.log('report:');
    for (const entry of result.report)
      console.log(
        `  ${entry.slug.padEnd(36)} ${entry.where.padEnd(18)} x${entry.count}  ${entry.title}`,
      );
    const t = result.timings;
    console.log(
      `timings: prepare ${t.prepareMs.toFixed(0)} ms, capture ${t.captureMs.toFixed(0)} ms, images ${t.imagesMs.toFixed(0)} ms, total ${t.totalMs.toFixed(0)} ms`,
    );
  } finally {
    await renderer.close();
  }
}

main().catch((error: unknown) => {
  console.error(`render: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
