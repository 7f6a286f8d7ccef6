import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Whether a program runs here (`<name> --version` exits 0): tests that use one say so in their skip message. */
export function hasProgram(name: string): boolean {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The shared files beside the repository (real boundary files, the ISOXML schema): read there, never copied in. */
export const EXTERNAL_FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures/external');
