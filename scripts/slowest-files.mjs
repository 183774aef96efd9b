// A Vitest reporter beside the default one: at the end of a run, the ten slowest test files (their
// project, and seconds from the start of their import to the end of their last hook) and each project's
// summed file time. CI's time is the team's time: this says where it goes. FILE_TIMES=<path> also writes
// every file's time there (JSON, slowest first), to compare runs.
import fs from 'node:fs';

const shown = 10;

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export default class SlowestFiles {
  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    this.vitest = vitest;
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} modules */
  onTestRunEnd(modules) {
    const files = modules.map((m) => {
      const d = m.diagnostic();
      return {
        project: m.project.name || '(root)',
        file: m.relativeModuleId,
        imported: d.collectDuration,
        ms: d.prepareDuration + d.environmentSetupDuration + d.collectDuration + d.setupDuration + d.duration,
      };
    });
    const slowestFirst = [...files].sort((a, b) => b.ms - a.ms);
    if (process.env.FILE_TIMES) fs.writeFileSync(process.env.FILE_TIMES, JSON.stringify(slowestFirst, null, 1));
    if (files.length < 2) return;
    /** @type {Map<string, { ms: number, n: number }>} */
    const projects = new Map();
    for (const f of files) {
      const p = projects.get(f.project) ?? { ms: 0, n: 0 };
      p.ms += f.ms;
      p.n++;
      projects.set(f.project, p);
    }
    const slowest = slowestFirst.slice(0, shown);
    const width = Math.max(...slowest.map((f) => f.project.length));
    const lines = [
      '',
      `Slowest ${slowest.length} test files (seconds from import to last hook; in parentheses the import):`,
      ...slowest.map((f) => `  ${seconds(f.ms).padStart(8)}  ${f.project.padEnd(width)}  ${f.file}  (${seconds(f.imported)})`),
      `File time by project: ${[...projects].map(([name, p]) => `${name} ${seconds(p.ms)} over ${p.n} files`).join(', ')}`,
      '',
    ];
    (this.vitest?.logger ?? console).log(lines.join('\n'));
  }
}
