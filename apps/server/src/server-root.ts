import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's directory (apps/server), where its migrations, seed data and package.json
 * are: the nearest directory above this module with the server's package.json. The same from the
 * sources (src/), the compiled files (dist/) and the single-file build (dist/main-bundle.js), whose
 * modules all sit at different depths.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const { name } = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string };
      if (name === '@maktaba/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the server package (apps/server/package.json) was not found');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
