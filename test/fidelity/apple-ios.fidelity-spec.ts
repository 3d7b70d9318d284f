import { describeProbes } from './probe';
import { PROBE_GROUPS } from './apple-ios.probes';

for (const { name, probes } of PROBE_GROUPS) describeProbes(name, probes);
