import path from 'node:path';

/** `<file> [--force]`, the file taken from the folder npm was started in. */
export function fileArgument(command: 'backup' | 'restore'): { file: string; force: boolean } {
  const args = process.argv.slice(2);
  const named = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--force');
  if (named.length !== 1 || unknown.length) {
    console.error(`Usage: npm run ${command} -- <file> [--force]`);
    process.exit(2);
  }
  return { file: path.resolve(process.env.INIT_CWD ?? process.cwd(), named[0]!), force: args.includes('--force') };
}

/** Runs a command's work: its error said in one line and exit 1. */
export function runCommand(work: () => Promise<string>): void {
  work().then(
    (said) => {
      console.log(said);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
