// `npm start` serves the whole product: the web app is built first when it has not been (a fresh clone).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const index = fileURLToPath(new URL('../web/dist/index.html', import.meta.url));
if (!existsSync(index)) {
  console.log('Building the web app (first start)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', 'web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
