import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const src = path.resolve(import.meta.dirname, '../src');
const modules = path.join(src, 'modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative import of a file, resolved to a path under src. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]!));
}

const moduleOf = (file: string) => {
  const relative = path.relative(modules, file);
  return relative.startsWith('..') || !relative.includes(path.sep) ? undefined : relative.split(path.sep)[0];
};

test("a module reaches another module only through that module's index.ts, and platform code imports no module", () => {
  const breaches: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = moduleOf(file);
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (file.startsWith(path.join(src, 'platform')) && target.startsWith(modules))
        breaches.push(`${path.relative(src, file)} → ${path.relative(src, target)}`);
      if (to && to !== from && path.basename(target) !== 'index.ts')
        breaches.push(`${path.relative(src, file)} → ${path.relative(src, target)}`);
    }
  }
  expect(breaches).toEqual([]);
});

// `*.unit.test.ts` run in the embedded project only (vitest.config.ts): one that reached a database would go unchecked on PostgreSQL
test('a *.unit.test.ts file imports neither the test harness nor the database', () => {
  const dir = import.meta.dirname;
  const reaching = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.unit.test.ts') && name !== path.basename(import.meta.filename))
    .filter((name) =>
      /from '\.\.\/src\/platform\/db\.ts'|from '\.\/(harness|server-process|global-setup)\.ts'|@electric-sql\/pglite|from 'pg'/.test(
        fs.readFileSync(path.join(dir, name), 'utf8'),
      ),
    );
  expect(reaching).toEqual([]);
});
