// Which Chromium the browser tests drive (Debian's packages, through playwright-core): CHROME_PATH when set, else
// Debian's headless shell (chromium-headless-shell: the same Blink as the browser, without the browser's own
// layers, which Playwright also prefers for headless runs), else the full browser (chromium).
import fs from 'node:fs';

export const chromiumCandidates = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The executable to launch, or undefined when none is installed. */
export function chromiumPath() {
  if (process.env.CHROME_PATH) return fs.existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : undefined;
  return chromiumCandidates.find((file) => fs.existsSync(file));
}
