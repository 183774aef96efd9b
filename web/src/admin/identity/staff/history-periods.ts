/** A designation or salary period as the staff page shows it: "from – to", or "from – now" while it runs. */
export const periodText = (row: { startDate: string; endDate: string | null }) => `${row.startDate} – ${row.endDate ?? 'now'}`;

/** Today in the browser, as the date fields send it. */
export const todayText = () => new Date().toLocaleDateString('en-CA');
