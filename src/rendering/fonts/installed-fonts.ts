import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { INSTALLED_FONTS, InstalledFont } from './client-fonts';

/** The faces of `fonts` that are not among `listed` full names, each with its package. */
export function missingFaces(
  listed: ReadonlySet<string>,
  fonts: readonly InstalledFont[] = INSTALLED_FONTS,
): string[] {
  return fonts.flatMap((font) =>
    font.faces.filter((face) => !listed.has(face)).map((face) => `${face} (${font.debian})`),
  );
}

let complete = false;

/**
 * The client fonts' faces this machine lacks (fontconfig's list, `fc-list`), by name: a
 * client that would silently draw another face must not be called ready. Once all are
 * there the answer is kept (fonts are installed, not removed, while the service runs).
 */
export async function missingClientFonts(): Promise<string[]> {
  if (complete) return [];
  const { stdout } = await promisify(execFile)('fc-list', [':', 'fullname'], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const listed = new Set(
    stdout
      .split('\n')
      .flatMap((line) => line.replace(/^:?fullname=/, '').split(','))
      .map((name) => name.replace(/\\-/g, '-').trim())
      .filter(Boolean),
  );
  const missing = missingFaces(listed);
  complete = missing.length === 0;
  return missing;
}
