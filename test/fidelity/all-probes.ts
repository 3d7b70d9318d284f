import { readdirSync } from 'node:fs';
import type { Probe, ProbeGroup } from './probe';

/** Every probe of every `*.probes.ts` file in this folder, found by the folder's contents. */
export function allProbes(): Probe[] {
  return readdirSync(__dirname)
    .filter((name) => name.endsWith('.probes.ts'))
    .flatMap((name) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { PROBE_GROUPS } = require(`./${name}`) as { PROBE_GROUPS: ProbeGroup[] };
      return PROBE_GROUPS.flatMap((group) => group.probes);
    });
}

export function probeById(id: string): Probe {
  const probe = allProbes().find((candidate) => candidate.id === id);
  if (!probe) throw new Error(`no probe ${id} in test/fidelity/*.probes.ts`);
  return probe;
}
