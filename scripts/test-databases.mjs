// What the test projects' global setups share about their scratch databases (server/test and web/e2e), kept
// apart from the server's sources so that the browser project loads none of them.

/**
 * The same PostgreSQL URL naming another database.
 * @param {string} url
 * @param {string} database
 * @returns {string}
 */
export function withDatabase(url, database) {
  const address = new URL(url);
  address.pathname = `/${database}`;
  return address.toString();
}

/**
 * Is the process still running? (A killed run's databases are dropped by the next; a run going on is left alone.)
 * @param {number} pid
 * @returns {boolean}
 */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
