import { messages } from '@tillbook/contract';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center' }}>
      <div>
        <h1 style={{ fontSize: 96, margin: 0 }}>{messages.notFoundHeading}</h1>
        <h3>{messages.notFoundLost}</h3>
        <p>{messages.notFoundText}</p>
        <Link to="/admin/dashboard">{messages.notFoundLink}</Link>
      </div>
    </main>
  );
}
