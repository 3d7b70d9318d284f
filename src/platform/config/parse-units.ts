/** Converts "10m", "30s", "1h", "250ms" or "5000" (ms) to milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new Error(`not a duration: ${text}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 'ms']!;
  return Number(match[1]) * unit;
}

/** Converts "10mb", "512kb" or "1048576" to bytes. */
export function parseSize(text: string): number {
  const match = /^(\d+)(b|kb|mb|gb)?$/i.exec(text.trim());
  if (!match) throw new Error(`not a size: ${text}`);
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(match[2] ?? 'b').toLowerCase()]!;
  return Number(match[1]) * unit;
}
