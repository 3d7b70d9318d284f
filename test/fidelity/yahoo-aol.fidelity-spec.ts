import { describeProbes } from './probe';
import { PROBE_GROUPS } from './yahoo-aol.probes';

for (const { name, probes } of PROBE_GROUPS) describeProbes(name, probes);
