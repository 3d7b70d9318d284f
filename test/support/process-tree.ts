import { execFileSync } from 'node:child_process';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  args: string;
}

/** Every process descending from `root` (this test process by default). */
export function descendants(root = process.pid): ProcessInfo[] {
  const all = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((match): match is RegExpMatchArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3] }));
  const found: ProcessInfo[] = [];
  const visit = (pid: number) => {
    for (const child of all.filter((candidate) => candidate.ppid === pid)) {
      found.push(child);
      visit(child.pid);
    }
  };
  visit(root);
  return found;
}

/** Chromium processes of this test process: the browsers and their renderers. */
export function chromiumProcesses(root = process.pid) {
  // The engine jail's arguments are Chromium's too: it is not one of them.
  const chromium = descendants(root).filter(
    (info) => /chrom/i.test(info.args) && !info.args.includes('engine-jail.py'),
  );
  return {
    browsers: chromium.filter((info) => !info.args.includes('--type=')),
    renderers: chromium.filter((info) => info.args.includes('--type=renderer')),
  };
}

export function kill(processes: ProcessInfo[]): void {
  for (const info of processes) {
    try {
      process.kill(info.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
