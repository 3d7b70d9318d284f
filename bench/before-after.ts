// One bench, before a change and after it, in one run, its tables printed side by side:
// BENCH_BEFORE=<commit> BENCH=<grid|render|...> npm run bench:before-after. The commit is
// checked out beside this one (a git worktree sharing node_modules) and built; this checkout's
// bench/ is copied into it, so both sides run the same bench code against their own service
// and library. The sides alternate (before, after; BENCH_ROUNDS times), on the same machine in
// the same minutes; every other BENCH_* variable is passed on. Each cell reads
// `before → after (after/before)` where both are numbers.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTable } from './lib/stats';

type Row = Record<string, string | number>;
interface Table {
  title: string;
  rows: Row[];
}

const HERE = join(__dirname, '..');
const BEFORE = process.env.BENCH_BEFORE;
const BENCH = process.env.BENCH;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} in ${cwd} failed`);
}

/** The commit checked out and built beside this checkout, with this checkout's benches. */
function checkoutBefore(commit: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'ip-before-')), 'checkout');
  run('git', ['worktree', 'add', '--detach', dir, commit], HERE);
  symlinkSync(join(HERE, 'node_modules'), join(dir, 'node_modules'));
  rmSync(join(dir, 'bench'), { recursive: true, force: true });
  cpSync(join(HERE, 'bench'), join(dir, 'bench'), { recursive: true });
  run('npm', ['run', 'build', '--silent'], dir);
  return dir;
}

/** The tables one side printed, by title (a title printed twice keeps its last rows). */
function tablesOf(file: string): Map<string, Row[]> {
  const tables = new Map<string, Row[]>();
  if (!existsSync(file)) return tables;
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const table = JSON.parse(line) as Table;
    tables.set(table.title, table.rows);
  }
  return tables;
}

function cell(before: string | number | undefined, after: string | number | undefined): string {
  const a = Number(before);
  const b = Number(after);
  if (before === undefined || after === undefined) return `${before ?? '-'} → ${after ?? '-'}`;
  if (String(before) === String(after)) return String(after);
  if (!Number.isFinite(a) || !Number.isFinite(b) || String(before).trim() === '')
    return `${before} → ${after}`;
  return `${before} → ${after} (${a === 0 ? '-' : (b / a).toFixed(2)})`;
}

function main(): void {
  if (!BEFORE || !BENCH) throw new Error('set BENCH_BEFORE=<commit> and BENCH=<bench name>');
  const before = checkoutBefore(BEFORE);
  const out = mkdtempSync(join(tmpdir(), 'ip-before-after-'));
  const sides = [
    { name: 'before', dir: before },
    { name: 'after', dir: HERE },
  ];
  try {
    run('npm', ['run', 'build', '--silent'], HERE);
    for (let round = 1; round <= ROUNDS; round++)
      for (const side of sides) {
        console.log(
          `\n=== ${side.name} (${side.name === 'before' ? BEFORE : 'this checkout'}), round ${round}`,
        );
        const bench = join('bench', `${BENCH}.bench.ts`);
        run('npx', ['ts-node', '--transpile-only', bench], side.dir, {
          BENCH_TABLES: join(out, `${side.name}-${round}.jsonl`),
        });
      }
    for (let round = 1; round <= ROUNDS; round++) {
      const [was, is] = sides.map((side) => tablesOf(join(out, `${side.name}-${round}.jsonl`)));
      for (const [title, rows] of is) {
        const old = was.get(title) ?? [];
        const merged = rows.map((row, index) =>
          Object.fromEntries(
            Object.keys(row).map((key) => [key, cell(old[index]?.[key], row[key])]),
          ),
        );
        printTable(`${title} — before → after (${BEFORE}, this checkout), round ${round}`, merged);
      }
    }
  } finally {
    run('git', ['worktree', 'remove', '--force', before], HERE);
    rmSync(out, { recursive: true, force: true });
  }
}

main();
