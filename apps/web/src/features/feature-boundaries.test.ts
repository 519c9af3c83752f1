import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Features never reach into each other, nor up into the app that composes them: what two of them
 * need moves down to src/lib or src/components, and src/app wires them together.
 */
const FEATURES_DIR = path.dirname(new URL(import.meta.url).pathname);
const SRC_DIR = path.dirname(FEATURES_DIR);

type Violation = { file: string; specifier: string };

const IMPORT_PATTERN = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:do)?[mM]ock\(\s*)'([^']+)'/g;

/** The relative imports of one file (static, dynamic, side-effect and mocked ones) that leave its feature. */
function findViolations(file: string, source: string): Violation[] {
  const relative = path.relative(FEATURES_DIR, file);
  const [feature] = relative.split(path.sep);
  const violations: Violation[] = [];
  for (const [, specifier] of source.matchAll(IMPORT_PATTERN)) {
    if (!specifier?.startsWith('.')) continue;
    const target = path.relative(SRC_DIR, path.resolve(path.dirname(file), specifier)).split(path.sep);
    const isOtherFeature = target[0] === 'features' && target[1] !== feature;
    if (isOtherFeature || target[0] === 'app') violations.push({ file: relative, specifier });
  }
  return violations;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('feature boundaries', () => {
  it('finds an import of another feature, of the app, and leaves the own feature and src/lib alone', () => {
    const file = path.join(FEATURES_DIR, 'settings', 'components', 'page.tsx');
    const source = [
      "import { A } from '../../password/components/form';",
      "import { B } from '../hooks/use-b';",
      "import { C } from '../../../lib/format';",
      "const D = () => import('../../../app/shell/logo');",
      "import '../../../features/search/styles';",
      "vi.mock('../../users/api/get-user', () => ({}));",
      "import { z } from 'zod';",
    ].join('\n');
    expect(findViolations(file, source).map((violation) => violation.specifier)).toEqual([
      '../../password/components/form',
      '../../../app/shell/logo',
      '../../../features/search/styles',
      '../../users/api/get-user',
    ]);
  });

  it('no feature imports another feature or the app', () => {
    const violations = sourceFiles(FEATURES_DIR)
      .filter((file) => path.dirname(file) !== FEATURES_DIR)
      .flatMap((file) => findViolations(file, fs.readFileSync(file, 'utf8')));
    expect(violations.map(({ file, specifier }) => `${file} imports ${specifier}`)).toEqual([]);
  });
});
