/** How much a finding matters: error (readers are locked out), warning (likely harm), info. */
export type CheckSeverity = 'error' | 'warning' | 'info';

/** One pre-send finding, as `GET /v1/emails/<guid>/checks` answers it. */
export interface CheckFinding {
  /** Stable identifier of the check, e.g. `img-alt`. */
  id: string;
  severity: CheckSeverity;
  /** What is wrong, in a sentence a developer can act on. */
  message: string;
  /** The public reference the check follows: a WCAG 2.2 success criterion, caniemail, a client's documentation. */
  source: string;
  /** A short CSS-like path or snippet of the element concerned. */
  element?: string;
  /** The clients it concerns, when not all. */
  clients?: string[];
}
