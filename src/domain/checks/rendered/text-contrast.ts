import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type { TextSample, CheckFinding } from '../../../rendering';

extend([a11yPlugin]);

const SOURCE = 'WCAG 2.2 SC 1.4.3 Contrast (Minimum)';
/** Each text's findings stop here: an email with one grey everywhere says it once per client set. */
const MOST_FINDINGS = 20;

/** One captured configuration's text, as its client drew it. */
export interface RenderedText {
  client: string;
  dark: boolean;
  samples: TextSample[];
}

/** SC 1.4.3: 3:1 for large text (24px, or 18.66px bold: 18pt and 14pt), 4.5:1 for the rest. */
export function requiredContrast(sample: Pick<TextSample, 'fontSize' | 'bold'>): number {
  const large = sample.fontSize >= 24 || (sample.bold && sample.fontSize >= 18.66);
  return large ? 3 : 4.5;
}

/**
 * Text drawn below its required contrast, from the colours each client's render resolved:
 * the light profiles and each captured dark profile, whose own colour changes (inversion,
 * the email's dark styles) decide. The same text failing in several clients is one finding.
 */
export function textContrastFindings(rendered: RenderedText[]): CheckFinding[] {
  const failing = new Map<
    string,
    { finding: CheckFinding; clients: Set<string>; dark: boolean[] }
  >();
  for (const { client, dark, samples } of rendered) {
    for (const sample of samples) {
      const ratio = colord(sample.color).contrast(sample.background);
      const required = requiredContrast(sample);
      if (ratio >= required) continue;
      const key = `${sample.path}\n${sample.color}\n${sample.background}`;
      let entry = failing.get(key);
      if (!entry) {
        if (failing.size >= MOST_FINDINGS) continue;
        entry = {
          finding: {
            id: 'text-contrast',
            severity: 'warning',
            message: `Text "${sample.text}" is ${sample.color} on ${sample.background} at ${sample.fontSize}px${sample.bold ? ' bold' : ''}: contrast ${ratio.toFixed(2)}:1, under ${required}:1`,
            source: SOURCE,
            element: sample.path,
          },
          clients: new Set(),
          dark: [],
        };
        failing.set(key, entry);
      }
      entry.clients.add(client);
      entry.dark.push(dark);
    }
  }
  // "Only in dark mode" when light renders were looked at too, and passed.
  const lightSeen = rendered.some((each) => !each.dark);
  return [...failing.values()].map(({ finding, clients, dark }) => ({
    ...finding,
    message:
      lightSeen && dark.every(Boolean) ? `${finding.message}, in dark mode only` : finding.message,
    clients: [...clients].sort(),
  }));
}
