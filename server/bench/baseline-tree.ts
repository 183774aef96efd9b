/**
 * The A/B run's baseline (`--against <commit>`): that commit checked out in a temporary git worktree
 * (under the system's temporary folder), with its packages: when its package-lock.json is the same as
 * today's, today's node_modules folders are copied as hard links (`cp -al`: seconds, no download, and
 * each workspace link points into the baseline's own tree); otherwise `npm ci` there. Nothing is
 * built: the bench runs the server's TypeScript as it is (tsx), and the contract is source too; the
 * web app is not served. `remove` (also called when the process exits, on failure or Ctrl-C) deletes
 * the folder and prunes the worktree from git.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Baseline {
  /** The commit's full hash and its first line. */
  sha: string;
  subject: string;
  /** The worktree's folder and its `server/src` (what app-code.ts loads). */
  dir: string;
  appSource: string;
  /** How its packages came: hard links of today's (same lock file) or `npm ci`. */
  packages: 'linked' | 'installed';
  seconds: number;
  remove(): void;
}

const git = async (cwd: string, ...args: string[]) => (await run('git', args, { cwd, maxBuffer: 16 * 1024 * 1024 })).stdout.trim();

/** Today's code: the commit checked out and whether tracked files were changed since. */
export async function todayOf(root: string): Promise<{ sha: string; changed: boolean }> {
  const sha = await git(root, 'rev-parse', 'HEAD');
  const changed = (await git(root, 'status', '--porcelain', '--untracked-files=no')) !== '';
  return { sha, changed };
}

export async function makeBaseline(commit: string, root: string, log: (text: string) => void): Promise<Baseline> {
  const started = Date.now();
  const sha = await git(root, 'rev-parse', '--verify', '--quiet', `${commit}^{commit}`).catch(() => {
    throw new Error(`--against ${commit}: not a commit of this repository`);
  });
  const subject = await git(root, 'log', '-1', '--format=%s', sha);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tillbook-against-${sha.slice(0, 8)}-`));
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    fs.rmSync(dir, { recursive: true, force: true });
    try {
      execFileSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' });
    } catch {
      // the folder is gone; git forgets it at its next prune
    }
  };
  // whatever happens next (a failed install, an error, Ctrl-C), the worktree goes with the process
  process.once('exit', remove);
  try {
    await git(root, 'worktree', 'add', '--detach', '--quiet', dir, sha);
    const lock = (at: string) => fs.readFileSync(path.join(at, 'package-lock.json'), 'utf8');
    let packages: Baseline['packages'];
    if (lock(root) === lock(dir)) {
      packages = 'linked';
      for (const workspace of ['', 'contract', 'server', 'web']) {
        const from = path.join(root, workspace, 'node_modules');
        if (fs.existsSync(from) && fs.existsSync(path.join(dir, workspace)))
          await run('cp', ['-al', from, path.join(dir, workspace, 'node_modules')]);
      }
    } else {
      packages = 'installed';
      log(`${sha.slice(0, 8)}'s package-lock.json differs from today's: npm ci in the baseline's worktree (a minute or more)`);
      await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch(
        (error: Error & { stderr?: string }) => {
          throw new Error(`npm ci in ${dir} failed: ${(error.stderr ?? error.message).slice(-2000)}`);
        },
      );
    }
    return { sha, subject, dir, appSource: path.join(dir, 'server', 'src'), packages, seconds: (Date.now() - started) / 1000, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
