import { descendantsNamed, readProc } from '../../../base/system/procfs';

/** Firefox's content processes, as /proc/<pid>/comm names them. */
export const CONTENT_PROCESS = /^(Isolated Web|Web Content)/;

/**
 * Whether Firefox's content sandbox holds its content processes below `pid`, as the kernel
 * says (their seccomp mode), not as assumed: undefined while none has started yet.
 */
export function contentSandbox(pid: number): string | undefined {
  const content = descendantsNamed(pid, CONTENT_PROCESS);
  if (content.length === 0) return undefined;
  const status = readProc(`/proc/${content[0]}/status`) ?? '';
  const seccomp = /^Seccomp:\s*(\d)/m.exec(status)?.[1];
  return seccomp === '2'
    ? "on (Firefox's content sandbox: its content processes run under a seccomp filter)"
    : `off: Firefox's content processes run without a seccomp filter here (Seccomp: ${seccomp ?? '?'})`;
}
