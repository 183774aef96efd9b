import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShopper } from '../account/shopper.ts';
import { addToWishlist, removeFromWishlist } from './wishlist-actions.ts';
import './wishlist.css';

/** What the heart needs of a product: its id and name, and the server's flag for the signed-in shopper. */
export interface HeartProduct {
  id: number;
  name: string;
  isInWishlist?: 'true' | 'false';
}

/**
 * The heart on a product card and the product page: filled when the product is on the shopper's wishlist;
 * a click puts it on or takes it off. A visitor is sent to log in, and comes back here after.
 */
export function WishHeart({ product, large = false }: { product: HeartProduct; large?: boolean }) {
  const shopper = useShopper();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const flagged = !!shopper && product.isInWishlist === 'true';
  const [wished, setWished] = useState(flagged);
  const [busy, setBusy] = useState(false);
  useEffect(() => setWished(flagged), [flagged]);
  const label = wished ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`;
  return (
    <button
      type="button"
      className={`wish-heart${large ? ' wish-heart-large' : ''}`}
      aria-label={label}
      aria-pressed={wished}
      title={wished ? 'On your wishlist' : 'Add to wishlist'}
      data-testid="wish-heart"
      disabled={busy}
      onClick={async () => {
        if (!shopper) {
          navigate(`/login?next=${encodeURIComponent(pathname + search)}`);
          return;
        }
        setBusy(true);
        const done = wished
          ? await removeFromWishlist(queryClient, shopper.id, product.id)
          : await addToWishlist(queryClient, shopper.id, product.id);
        if (done) setWished(!wished);
        setBusy(false);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
