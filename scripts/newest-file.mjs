import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time (ms) of any file below `dir`: one stat a file, so a start can afford it. */
export function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}
