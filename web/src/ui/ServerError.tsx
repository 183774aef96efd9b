import { messages } from '@tillbook/contract';

/** The full-page message when the settings cannot be loaded. */
export function ServerError() {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center' }}>
      <div>
        <h1 style={{ fontSize: 72, margin: 0 }}>{messages.serverErrorHeading}</h1>
        <p>{messages.serverErrorText}</p>
      </div>
    </main>
  );
}
