// npm run bench [-- words...]: the server's bench with the words given (scenario ids, --quick,
// --against <commit>), then the web's bench when the run is the whole one (no scenario word, no
// --against): npm would hand the words to the last command of a script, so they are passed here.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const npm = (...words) => spawnSync('npm', words, { stdio: 'inherit' }).status ?? 1;
const server = npm('run', 'bench', '-w', 'server', '--', ...args);
const whole = !args.includes('--against') && args.every((a) => a.startsWith('--'));
process.exit(server === 0 && whole ? npm('run', 'bench', '-w', 'web', '--if-present') : server);
