import { useQuery, useQueryClient } from '@tanstack/react-query';
import { shopRoutes as routes, type WishlistLine } from '@tillbook/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoggedOut } from '../account/LoggedOut.tsx';
import { useShopper } from '../account/shopper.ts';
import { addFromCard } from '../cart/cart-actions.ts';
import { useMoney } from '../shop.ts';
import { removeFromWishlist, wishlistKey } from './wishlist-actions.ts';
import './wishlist.css';

const count = 20;

function Line({ line, customerId }: { line: WishlistLine; customerId: number }) {
  const money = useMoney();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const p = line.product;
  const canBuy = p.forSale === 'true' && p.inStock === 'true';
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    await work();
    setBusy(false);
  };
  return (
    <li className="wishlist-line" data-testid="wishlist-line">
      {p.productThumbnailImage ? <img src={p.productThumbnailImage} alt="" /> : <span className="wishlist-picture" />}
      <div>
        {p.forSale === 'true' ? (
          <Link to={`/product/${p.id}`} className="wishlist-name">
            {p.name}
          </Link>
        ) : (
          <span className="wishlist-name">{p.name}</span>
        )}
        <div className="wishlist-meta">
          <strong>{money(p.finalPriceWithVat)}</strong>
          {p.finalPriceWithVat < p.productSalePriceWithVat && <span className="wishlist-old">{money(p.productSalePriceWithVat)}</span>}
          {p.forSale !== 'true' ? (
            <span className="wishlist-out">No longer sold</span>
          ) : p.inStock === 'true' ? (
            <span className="wishlist-in">In stock</span>
          ) : (
            <span className="wishlist-out">Out of stock</span>
          )}
        </div>
      </div>
      <div className="wishlist-actions">
        <button
          type="button"
          className="wishlist-add"
          disabled={busy || !canBuy}
          onClick={() => run(() => addFromCard(queryClient, p, navigate))}
        >
          Add to cart
        </button>
        <button
          type="button"
          className="wishlist-remove"
          aria-label={`Remove ${p.name} from wishlist`}
          disabled={busy}
          onClick={() => run(() => removeFromWishlist(queryClient, customerId, p.id))}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** "My wishlist" at /wishlist: the shopper's own list, newest first, with add to cart and remove. */
export function WishlistPage() {
  const shopper = useShopper();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...wishlistKey(shopper?.id ?? 0), page],
    queryFn: () => must(api(routes.wishlist.ofCustomer, { params: { id: shopper!.id }, query: { page, count } })),
    enabled: !!shopper,
  });
  if (!shopper) return <LoggedOut title="My wishlist" />;
  if (list.isLoading) return <Spinner />;
  if (list.error) return <p className="account-notice">{list.error.message}</p>;
  const lines = list.data?.getAllProductWishlist ?? [];
  const total = list.data?.totalProductWishlist ?? 0;
  const pages = Math.max(1, Math.ceil(total / count));
  if (lines.length === 0 && page > 1) setPage(page - 1);
  return (
    <main className="wishlist" data-testid="wishlist">
      <h1 className="shop-title">My wishlist</h1>
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p>Your wishlist is empty. Tap the heart on a product to keep it here.</p>
          <Link to="/products">See the products</Link>
        </div>
      ) : (
        <ul className="wishlist-lines">
          {lines.map((line) => (
            <Line key={line.id} line={line} customerId={shopper.id} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="wishlist-pages" aria-label="Pages">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </main>
  );
}
