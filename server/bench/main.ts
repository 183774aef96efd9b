/**
 * npm run bench [-- scenario words...] [--quick]: the plain run, the app beside its limits (plain.ts).
 * npm run bench -- --against <commit> [scenario words...] [--quick]: the A/B run, another commit's app
 * against today's, alternated in one run (against.ts).
 */
if (process.argv.includes('--against')) await import('./against.ts');
else await import('./plain.ts');

export {};
