// npm postinstall: hands over to scripts/prepare.ts (TypeScript, run by tsx) when the install has put
// tsx in place. Plain JS so it can run before anything else exists; it never fails an install.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;
if (!process.env.CI && process.env.KYB_SKIP_PREPARE !== '1' && existsSync(tsx)) {
  spawnSync(tsx, ['scripts/prepare.ts'], { cwd: root, stdio: 'inherit' });
}
