import { Link } from 'react-router';
import { useLogout } from './logout.ts';
import { shopperName, useShopper } from './shopper.ts';

/** The header's shopper: their name (a link to the profile) and Logout, or a "Log in" link. */
export function AccountMenu() {
  const shopper = useShopper();
  const logout = useLogout();
  return (
    <div className="store-account" data-testid="store-account">
      {shopper ? (
        <>
          <Link to="/orders" className="store-account-orders">
            My orders
          </Link>
          <Link to="/wishlist" className="store-account-orders">
            Wishlist
          </Link>
          <Link to="/profile" className="store-account-name" title="My profile" data-testid="store-shopper">
            {shopperName(shopper)}
          </Link>
          <button type="button" onClick={() => void logout()}>
            Logout
          </button>
        </>
      ) : (
        <Link to="/login">Log in</Link>
      )}
    </div>
  );
}
