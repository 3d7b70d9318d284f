/** The part of madge (no published types) the import-rules test uses. */
declare module 'madge' {
  interface MadgeResult {
    /** File (relative to the base folder) -> the files it imports. */
    obj(): Record<string, string[]>;
  }
  function madge(path: string, config: Record<string, unknown>): Promise<MadgeResult>;
  export default madge;
}
