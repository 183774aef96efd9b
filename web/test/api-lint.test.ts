import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');

interface Diagnostic {
  category: string;
  location: { path: string };
}

/** Lints the given files, laid out as in the repository, with the repository's own biome.jsonc; answers the diagnostics. */
function lint(files: Record<string, string>): Diagnostic[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-api-lint-'));
  try {
    fs.copyFileSync(path.join(root, 'biome.jsonc'), path.join(dir, 'biome.jsonc'));
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    let output: string;
    try {
      output = execFileSync(biome, ['lint', '--reporter=json', '--vcs-enabled=false', '.'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    } catch (failed) {
      output = (failed as { stdout: string }).stdout;
    }
    return (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('the lint refuses a page that calls the API with a path and an answer type written by hand', () => {
  const found = lint({
    'web/src/admin/till/till-data.ts': [
      "import { http } from '../../lib/http.ts';",
      '',
      "export const methods = () => http.get<{ getAllPaymentMethod: unknown[] }>('payment-method?query=all');",
      '',
    ].join('\n'),
    'web/src/ui/resource/ListPage.tsx': [
      "import { call } from '../../lib/http.ts';",
      '',
      "export const remove = (path: string, id: number) => call('DELETE', path + '/' + id);",
      '',
    ].join('\n'),
    // the contract's typed client and the session helpers stay allowed
    'web/src/admin/Page.tsx': [
      "import { api } from '../lib/api.ts';",
      "import { must } from '../lib/http.ts';",
      '',
      'export const both = [api, must];',
      '',
    ].join('\n'),
    // the typed client itself is built on the raw one
    'web/src/lib/api.ts': ["import { call } from './http.ts';", '', 'export const api = call;', ''].join('\n'),
  });
  const refused = found.filter((d) => d.category === 'lint/style/noRestrictedImports').map((d) => d.location.path);
  expect(refused.sort()).toEqual(['web/src/admin/till/till-data.ts', 'web/src/ui/resource/ListPage.tsx']);
});
