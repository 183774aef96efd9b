import { messages } from '@tillbook/contract';
import { Link } from 'react-router';

/**
 * The not-found page. In the admin it is the spec's page, with 'Go to Dashboard'; in the storefront
 * (`shop`) it leads shoppers to the shop's home instead, and sits inside the shop's layout.
 */
export function NotFound({ shop = false }: { shop?: boolean }) {
  return (
    <main style={{ minHeight: shop ? '50vh' : '100vh', display: 'grid', placeItems: 'center', textAlign: 'center' }}>
      <div>
        <h1 style={{ fontSize: 96, margin: 0 }}>{messages.notFoundHeading}</h1>
        <h3>{messages.notFoundLost}</h3>
        <p>{messages.notFoundText}</p>
        {shop ? <Link to="/">Go to the shop's home page</Link> : <Link to="/admin/dashboard">{messages.notFoundLink}</Link>}
      </div>
    </main>
  );
}
