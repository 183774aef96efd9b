import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useWide } from '../lib/media.ts';
import { useSettings } from '../lib/settings.ts';
import { AccountMenu } from './account/AccountMenu.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';
import { type Category, categoryHref } from './shop.ts';
import './store-layout.css';

// the cart's button (with its count) and drawer come just after the first paint, outside the first load's budget
const HeaderCart = lazy(async () => ({ default: (await import('./cart/CartDrawer.tsx')).HeaderCart }));

// a category's sub-categories, each with its count of products, come just after the first paint
const SubCategoryLinks = lazy(async () => ({ default: (await import('./SubCategoryLinks.tsx')).SubCategoryLinks }));

// the phone's ☰ menu (a closed drawer until tapped) comes just after the first paint too
const MenuDrawer = lazy(async () => ({ default: (await import('./MenuDrawer.tsx')).MenuDrawer }));

/** Wide screens: the categories across the header, each opening its sub-categories on hover or focus. */
function CategoryBar({ categories }: { categories: Category[] }) {
  return (
    <nav aria-label="Categories" className="store-bar" data-testid="store-categories">
      <ul className="store-bar-list">
        {categories.map((c) => (
          <li key={c.id} className="store-bar-item">
            <Link to={categoryHref(c)} className="store-bar-link">
              {c.name}
            </Link>
            {c.productSubCategory.length > 0 && (
              <Suspense>
                <SubCategoryLinks category={c} />
              </Suspense>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The storefront's header: the logo (or the shop's name, whole: on a phone a long one takes more lines),
 * "All products" and the categories across the header on wide screens, the search box, then the signed-in
 * shopper (name and Logout) or "Log in", and the cart. On phones the ☰ menu holds the shopper's pages
 * (My orders, Wishlist, profile), "All products" and the categories, and the search box has a line of its own.
 */
export function StoreHeader({ categories }: { categories: Category[] }) {
  const { data: settings } = useSettings();
  const wide = useWide();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className="store-header">
      {!wide && (
        <button type="button" className="store-icon-button" aria-label="Menu" onClick={() => setDrawerOpen(true)}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <Link to="/" className="store-name" data-testid="shop-name">
        {settings?.logo ? <img src={settings.logo} alt={settings.companyName} /> : <span>{settings?.companyName}</span>}
      </Link>
      {wide ? (
        <>
          <Link to="/products" className="store-all">
            All products
          </Link>
          <CategoryBar categories={categories} />
        </>
      ) : (
        <Suspense>
          <MenuDrawer categories={categories} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <HeaderSearch />
      <AccountMenu />
      <Suspense fallback={<span className="store-icon-button" aria-hidden="true" />}>
        <HeaderCart />
      </Suspense>
    </header>
  );
}
