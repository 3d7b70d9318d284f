import { describeProbes } from './probe';
import { PROBE_GROUPS } from './proton-mail.probes';

for (const { name, probes } of PROBE_GROUPS) describeProbes(name, probes);
