// `npm run conformance`: caniemail's own tests through the profiles, decided by the oracle
// (oracle.ts), compared with caniemail's value; writes the report the fidelity record reads
// (src/rendering/fidelity/conformance/report.json) and docs/fidelity.md's table from it.
// Flags: --lane (one profile per feature, family and recorded value), --tests a.html,b.html,
// --clients A,B, --out FILE (another report, the docs left alone), --pictures DIR,
// --merge (with --tests or --clients: the run's entries replace the committed report's same
// (client, feature), after a fix), --docs (only the docs table, from the committed report),
// --reread (caniemail's values read again, the renders' verdicts kept: after a reading changes),
// --shards N (N processes, each a share of the tests: one per core), --resume FILE.jsonl
// --resumed-wall S (a stopped run's entries kept), --only-resumed (nothing drawn: a report of
// what stopped runs decided), --known FILE (a report or a .jsonl: every pair prepared again;
// one whose inputs equal an entry's there takes its verdict, the rest are drawn: after a fix,
// only what it changed), --concurrency N (pairs decided at once: 8), --pairs FILE.json (only
// these [test, client, feature]: a second draw of chosen pairs).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientCatalog } from '../../src/rendering/catalog/client-catalog';
import type { Renderer } from '../../src/rendering/render';
import { cpuOfTree, cpuUsed } from '../../bench/lib/cpu';
import { machineBusySeconds } from '../../bench/lib/machine-cpu';
import {
  agreementOf,
  ConformanceReport,
  ConformanceResult,
  parseReport,
  REPORT_FILE,
  serialiseReport,
} from '../../src/rendering/fidelity/conformance/conformance-report';
import { testRenderer } from '../support/renderer';
import { ConformancePair, conformancePairs } from './conformance-pairs';
import { PairInputs, reread, runConformance } from './conformance-run';
import { byFamily, writeDocsTable } from './docs-table';

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const CANIEMAIL_VERSION = (
  JSON.parse(readFileSync(require.resolve('caniemail/package.json'), 'utf8')) as { version: string }
).version;

function readJsonl(file: string): ConformanceResult[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ConformanceResult);
}

/**
 * Entries of a stopped run that predates `inputs` get theirs, prepared now: valid only while
 * the preparation code is the one that run drew with (a resume follows its stop at once).
 */
function withInputs(renderer: Renderer, entries: ConformanceResult[]) {
  const inputs = new PairInputs(renderer);
  return Promise.all(
    entries.map(async (entry) =>
      entry.inputs
        ? entry
        : {
            ...entry,
            inputs: await inputs.of({
              test: entry.test,
              feature: entry.feature,
              profile: clientCatalog.find(entry.client)!,
            }),
          },
    ),
  );
}

/**
 * `i/n`: the pairs of the i-th of n shares of the tests, balanced by pairs (a test stays in
 * one share, so its renders are shared within one process).
 */
function shardOf(pairs: ConformancePair[], shard: string | undefined): ConformancePair[] {
  if (!shard) return pairs;
  const [index, count] = shard.split('/').map(Number);
  const sizes = new Map<string, number>();
  for (const pair of pairs) sizes.set(pair.test, (sizes.get(pair.test) ?? 0) + 1);
  const loads = Array.from({ length: count }, () => 0);
  const owner = new Map<string, number>();
  for (const [test, size] of [...sizes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const least = loads.indexOf(Math.min(...loads));
    owner.set(test, least);
    loads[least] += size;
  }
  return pairs.filter((pair) => owner.get(pair.test) === index);
}

/**
 * `--shards N`: N processes of this command, each a share of the tests (`--shard i/N`), then
 * one report of all. The oracle's decoding and comparing runs in this process's one thread,
 * so one process keeps about one core busy; N processes keep N.
 */
/** `args` less the named flags: `valued` ones with the value after them. */
function argumentsWithout(args: string[], valued: string[], flags: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (valued.includes(args[i])) i++;
    else if (!flags.includes(args[i])) kept.push(args[i]);
  }
  return kept;
}

async function sharded(count: number): Promise<ConformanceReport> {
  const started = performance.now();
  const tree = cpuOfTree(process.pid);
  const machine = machineBusySeconds();
  const folder = mkdtempSync(join(tmpdir(), 'conformance-shards-'));
  const passed = argumentsWithout(process.argv.slice(2), ['--shards', '--out'], ['--merge']);
  console.log(`shards write their entries as they go to ${folder}`);
  const shards = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const out = join(folder, `shard-${index}.json`);
      const child = spawn(
        'npx',
        [
          'ts-node',
          '--transpile-only',
          __filename,
          ...passed,
          '--shard',
          `${index}/${count}`,
          '--out',
          out,
        ],
        { stdio: 'inherit' },
      );
      const code = await new Promise<number | null>((done) => child.on('exit', done));
      if (code !== 0) throw new Error(`shard ${index}/${count} stopped with ${code}`);
      return parseReport(readFileSync(out, 'utf8'));
    }),
  );
  const entries = shards.flatMap((shard) => shard.entries);
  const sum = (pick: (shard: ConformanceReport) => number) =>
    shards.reduce((total, shard) => total + pick(shard), 0);
  const resumedEntries = sum((shard) => shard.resumed?.entries ?? 0);
  return {
    ...shards[0],
    scope: shards.some((shard) => shard.scope === 'some') ? 'some' : shards[0].scope,
    generated_at: new Date().toISOString(),
    pairs: sum((shard) => shard.pairs),
    ...(resumedEntries
      ? { resumed: { entries: resumedEntries, wall_s: shards[0].resumed!.wall_s } }
      : {}),
    renders: sum((shard) => shard.renders),
    renders_asked: sum((shard) => shard.renders_asked),
    wall_s: Math.round((performance.now() - started) / 1000),
    cpu_s: {
      tree: Math.round(cpuUsed(tree, cpuOfTree(process.pid)).total),
      machine: Math.round(machineBusySeconds() - machine),
    },
    agreement: agreementOf(entries),
    entries,
  };
}

async function run(): Promise<ConformanceReport> {
  const list = (name: string) => flag(name)?.split(',');
  const lane = process.argv.includes('--lane');
  // --pairs FILE.json: only these [test, client, feature] (a second draw of chosen pairs).
  const chosen = flag('pairs')
    ? new Set(
        (JSON.parse(readFileSync(flag('pairs')!, 'utf8')) as string[][]).map((t) => t.join('|')),
      )
    : null;
  const all = shardOf(
    conformancePairs({ lane, tests: list('tests'), clients: list('clients') }).filter(
      (pair) => !chosen || chosen.has(`${pair.test}|${pair.profile.code}|${pair.feature}`),
    ),
    flag('shard'),
  );
  // --resume FILE.jsonl --resumed-wall S: an earlier stopped run's entries are kept.
  const resumedFile = flag('resume');
  const renderer = testRenderer({ shareMaxMb: 1024, concurrency: 2 });
  const tests = new Set(all.map((pair) => pair.test));
  const resumed = resumedFile
    ? await withInputs(
        renderer,
        reread(readJsonl(resumedFile).filter((entry) => tests.has(entry.test))),
      )
    : [];
  const done = new Set(resumed.map((entry) => `${entry.client}|${entry.feature}`));
  const knownFile = flag('known');
  // A report (the committed one) or a stopped run's `.partial.jsonl`.
  const known = knownFile
    ? (knownFile.endsWith('.json')
        ? parseReport(readFileSync(knownFile, 'utf8')).entries
        : readJsonl(knownFile)
      ).filter((entry) => tests.has(entry.test) && entry.inputs)
    : [];
  // --only-resumed: draw nothing more; the report holds what the stopped runs decided.
  const pairs = process.argv.includes('--only-resumed')
    ? []
    : all.filter((pair) => !done.has(`${pair.profile.code}|${pair.feature}`));
  // Each entry as it is decided, so a long run that stops still leaves what it decided.
  const partial = `${flag('out') ?? REPORT_FILE}.partial.jsonl`;
  writeFileSync(partial, '');
  const started = performance.now();
  const tree = cpuOfTree(process.pid);
  const machine = machineBusySeconds();
  try {
    const outcome = await runConformance(renderer, pairs, {
      concurrency: Number(flag('concurrency') ?? 8),
      known: [...resumed, ...known],
      pictures: flag('pictures'),
      progress: (done, total, entry) => {
        appendFileSync(partial, `${JSON.stringify(entry)}\n`);
        if (done % 500 === 0) console.log(`${done} of ${total} pairs`);
      },
    });
    return {
      generated_by: 'npm run conformance',
      generated_at: new Date().toISOString(),
      scope: lane
        ? 'lane'
        : list('tests') || list('clients') || chosen || pairs.length + resumed.length < all.length
          ? 'some'
          : 'all',
      caniemail_version: CANIEMAIL_VERSION,
      pairs: all.length,
      ...(resumedFile
        ? { resumed: { entries: resumed.length, wall_s: Number(flag('resumed-wall') ?? 0) } }
        : {}),
      renders: outcome.renders,
      renders_asked: outcome.asked,
      wall_s: Math.round((performance.now() - started) / 1000),
      cpu_s: {
        tree: Math.round(cpuUsed(tree, cpuOfTree(process.pid)).total),
        machine: Math.round(machineBusySeconds() - machine),
      },
      agreement: agreementOf([...resumed, ...outcome.entries]),
      entries: [...resumed, ...outcome.entries],
    };
  } finally {
    await renderer.close();
  }
}

function print(report: ConformanceReport): void {
  console.log(
    `${report.pairs} (test, feature, profile) pairs; ${report.renders} renders drawn of ${report.renders_asked} asked`,
  );
  console.log(
    `wall ${report.wall_s} s; CPU ${report.cpu_s.tree ?? '?'} s by every process of the run, ` +
      `the machine busy ${report.cpu_s.machine} s meanwhile (/proc/stat)`,
  );
  console.table(
    byFamily(report.entries).map((row) => ({ ...row, rate: row.rate?.toFixed(3) ?? '' })),
  );
  const { rate, decided, undecided } = report.agreement;
  console.log(
    `agreement ${rate?.toFixed(3)} on ${decided} decided entries (${undecided} undecided)`,
  );
}

/** The committed report with this run's entries in place of the same (client, feature). */
function merged(rerun: ConformanceReport): ConformanceReport {
  const committed = parseReport(readFileSync(REPORT_FILE, 'utf8'));
  const key = (entry: { client: string; feature: string }) => `${entry.client}|${entry.feature}`;
  const fresh = new Map(rerun.entries.map((entry) => [key(entry), entry]));
  const entries = committed.entries.map((entry) => fresh.get(key(entry)) ?? entry);
  const known = new Set(committed.entries.map(key));
  entries.push(...rerun.entries.filter((entry) => !known.has(key(entry))));
  const list = (name: string) => flag(name)?.split(',');
  return {
    ...committed,
    agreement: agreementOf(entries),
    reruns: [
      ...(committed.reruns ?? []),
      {
        generated_at: rerun.generated_at,
        ...(list('tests') ? { tests: list('tests') } : {}),
        ...(list('clients') ? { clients: list('clients') } : {}),
        pairs: rerun.pairs,
        renders: rerun.renders,
        wall_s: rerun.wall_s,
      },
    ],
    entries,
  };
}

async function main(): Promise<void> {
  if (process.argv.includes('--reread')) {
    const committed = parseReport(readFileSync(REPORT_FILE, 'utf8'));
    const entries = reread(committed.entries);
    const report = { ...committed, agreement: agreementOf(entries), entries };
    writeFileSync(REPORT_FILE, serialiseReport(report));
    writeDocsTable(report);
    print(report);
    return;
  }
  if (process.argv.includes('--docs')) {
    writeDocsTable(parseReport(readFileSync(REPORT_FILE, 'utf8')));
    return;
  }
  const shards = Number(flag('shards') ?? 1);
  const fresh = shards > 1 ? await sharded(shards) : await run();
  const report = process.argv.includes('--merge') ? merged(fresh) : fresh;
  const out = flag('out') ?? REPORT_FILE;
  writeFileSync(out, serialiseReport(report));
  if (out === REPORT_FILE) writeDocsTable(report);
  print(report);
}

if (require.main === module) void main();
