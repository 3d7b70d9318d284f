import { Session } from 'node:inspector/promises';
import { CaptureRepository } from '../../src/domain/captures/state/capture.repository';
import { EmailRepository } from '../../src/domain/emails/email.repository';
import { ClientCatalog } from '../../src/rendering/catalog/client-catalog';

/** What one first GET did, counted on the API process's main thread. */
export interface FirstGetCounts {
  /** Reads of the capture row (by configuration or by id). */
  rowReads: number;
  /** Conditional writes of the capture row (insert, claim, lease, outcome). */
  rowWrites: number;
  emailReads: number;
  /** Client profiles looked up in the catalog. */
  profileLookups: number;
  /** Capture options checked against a profile (unofferedOption). */
  optionChecks: number;
  /** Source files whose functions ran (V8 precise coverage). */
  files: string[];
}

/**
 * Counts what a first GET costs by wrapping the real classes' methods (a counting
 * repository, catalog and option check) and reading V8's call counts for which source files
 * ran. Load before the app so that every instance shares the wrapped prototypes.
 */
export class FirstGetTrace {
  private counts = zero();
  private readonly session = new Session();

  constructor() {
    this.count(CaptureRepository.prototype, ['findByConfiguration', 'findById'], 'rowReads');
    this.count(
      CaptureRepository.prototype,
      ['insertIfAbsent', 'updateIf', 'updateIfWith'],
      'rowWrites',
    );
    this.count(EmailRepository.prototype, ['findById'], 'emailReads');
    this.count(ClientCatalog.prototype, ['find'], 'profileLookups');
    // The module's export object itself: compiled callers read the property at each call.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.count(require('../../src/rendering/profile/options'), ['unofferedOption'], 'optionChecks');
  }

  async start(): Promise<void> {
    this.session.connect();
    await this.session.post('Profiler.enable');
    await this.session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  }

  /** Starts counting afresh (the coverage counters too). */
  async reset(): Promise<void> {
    await this.session.post('Profiler.takePreciseCoverage');
    this.counts = zero();
  }

  /** What ran since the last reset. */
  async read(): Promise<FirstGetCounts> {
    const { result } = await this.session.post('Profiler.takePreciseCoverage');
    const files = result
      .filter(
        (script) => /^file:.*\/src\//.test(script.url) && !script.url.includes('node_modules'),
      )
      // The module's own body (offset 0) ran when it loaded; any other function ran now.
      .filter((script) =>
        script.functions.some((fn) => fn.ranges[0].startOffset > 0 && fn.ranges[0].count > 0),
      )
      .map((script) => script.url.slice(script.url.lastIndexOf('/src/') + '/src/'.length))
      .sort();
    return { ...this.counts, files };
  }

  async stop(): Promise<void> {
    await this.session.post('Profiler.stopPreciseCoverage');
    this.session.disconnect();
  }

  private count(
    object: object,
    methods: string[],
    counter: keyof Omit<FirstGetCounts, 'files'>,
  ): void {
    const target = object as Record<string, unknown>;
    for (const method of methods) {
      const original = target[method] as (...args: unknown[]) => unknown;
      const counts = () => this.counts;
      target[method] = function (this: unknown, ...args: unknown[]) {
        counts()[counter]++;
        return original.apply(this, args);
      };
    }
  }
}

function zero(): Omit<FirstGetCounts, 'files'> {
  return { rowReads: 0, rowWrites: 0, emailReads: 0, profileLookups: 0, optionChecks: 0 };
}
