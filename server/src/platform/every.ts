/**
 * Runs `work` every `everyMs`, never two runs at once (a tick while one runs is skipped); a failed run is reported
 * and the next one tries again. Answers the stop, which waits for a run in progress. The timer keeps no process alive.
 */
export function startEvery(everyMs: number, work: () => Promise<void>, report: (error: unknown) => void): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .catch(report)
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
