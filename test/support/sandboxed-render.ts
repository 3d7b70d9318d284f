/**
 * Run as its own process (possibly as an unprivileged user): renders one email with the
 * sandbox mode given as argv[2] and prints, as JSON, how the renderer processes it started
 * are confined, read from procfs while its context is still open.
 */
import { readFile, readlink } from 'node:fs/promises';
import type { SandboxMode } from '../../src/rendering/engine/engine-port';
import { loadConfig } from '../../src/platform/config/app-config';
import { Renderer } from '../../src/rendering/render';
import { LIBRARY_ALONE, rendererOptions } from '../../src/domain/renderer/renderer-options';
import { readPixels, isRed } from './pixels';
import { chromiumProcesses } from './process-tree';

async function main(): Promise<void> {
  const renderer = new Renderer(
    rendererOptions(loadConfig(process.env), {
      ...LIBRARY_ALONE,
      concurrency: 1,
      recycleAfter: 100,
      timeoutMs: 60000,
      contextIdleMs: 60000, // keeps the context, and so its renderer, open to be looked at
      sandbox: process.argv[2] as SandboxMode,
    }),
  );
  try {
    const result = await renderer.render(
      {
        html: '<body style="margin:0"><div style="width:100%;height:300px;background:#ff0000"></div></body>',
        text: null,
        images: [],
      },
      'GMAILNEW',
      { images: 'allowed', orientation: 'vertical' },
      'sandbox-email',
    );
    // The browser's own namespace: the engine jail may have given it one of its own already.
    const { browsers, renderers: found } = chromiumProcesses();
    const ownNamespace = await readlink(`/proc/${browsers[0].pid}/ns/user`);
    const browserUid = Number(
      /^Uid:\s+(\d+)/m.exec(await readFile(`/proc/${browsers[0].pid}/status`, 'utf8'))?.[1],
    );
    const renderers = [];
    for (const { pid } of found) {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      renderers.push({
        seccomp: Number(/^Seccomp:\s+(\d)/m.exec(status)?.[1]),
        ownUserNamespace: (await readlink(`/proc/${pid}/ns/user`)) !== ownNamespace,
      });
    }
    const pixels = await readPixels(result.full);
    console.log(
      JSON.stringify({
        uid: process.getuid?.(),
        browserUid,
        renderers,
        redPixels: pixels.count(isRed),
        width: pixels.width,
      }),
    );
  } finally {
    await renderer.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
