/** Every job name the service enqueues. The worker refuses to start unless it handles each. */
export const JOB_NAMES = ['capture', 'expiry'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export function assertEveryJobHandled(handlers: Partial<Record<string, unknown>>): void {
  const missing = JOB_NAMES.filter((name) => !handlers[name]);
  if (missing.length) throw new Error(`no handler for job(s): ${missing.join(', ')}`);
}
