/** The same PostgreSQL URL naming another database. */
export function withDatabase(url: string, database: string): string;
/** Is the process still running? */
export function isAlive(pid: number): boolean;
