import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useWide } from '../lib/media.ts';
import { useSettings } from '../lib/settings.ts';
import { AccountMenu } from './account/AccountMenu.tsx';
import { useShopper } from './account/shopper.ts';
import { HeaderSearch } from './HeaderSearch.tsx';
import type { Category } from './shop.ts';
import './store-layout.css';

// the cart's button (with its count) and drawer come just after the first paint, outside the first load's budget
const HeaderCart = lazy(async () => ({ default: (await import('./cart/CartDrawer.tsx')).HeaderCart }));

// a category's sub-categories, each with its count of products, come just after the first paint
const SubCategoryLinks = lazy(async () => ({ default: (await import('./SubCategoryLinks.tsx')).SubCategoryLinks }));

const categoryHref = (c: Category) => `/products?productCategoryId=${c.id}`;

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

/** Phones: the menu in a drawer from the left (a modal dialog: Escape or a tap beside it closes it): the signed-in
 * shopper's pages, then the categories. */
function MenuDrawer({ categories, open, onClose }: { categories: Category[]; open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const shopper = useShopper();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    // a click on the dialog itself (not its content) is a click on the backdrop
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a modal dialog natively (onClose)
    <dialog
      ref={dialog}
      className="store-drawer"
      aria-labelledby="store-drawer-title"
      onClose={onClose}
      onClick={(event) => event.target === dialog.current && onClose()}
    >
      {open && (
        <div className="store-drawer-panel">
          <div className="store-drawer-head">
            <h2 id="store-drawer-title">Menu</h2>
            <button type="button" className="store-icon-button" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          {shopper && (
            <nav aria-label="My account" data-testid="store-drawer-account" className="store-drawer-account">
              <ul className="store-drawer-list">
                {[
                  ['/orders', 'My orders'],
                  ['/wishlist', 'Wishlist'],
                  ['/profile', 'My profile'],
                ].map(([to, label]) => (
                  <li key={to}>
                    <Link to={to!} className="store-drawer-link" onClick={onClose}>
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <nav aria-label="Categories" data-testid="store-categories">
            <ul className="store-drawer-list">
              <li>
                <Link to="/products" className="store-drawer-link" onClick={onClose}>
                  All products
                </Link>
              </li>
              {categories.map((c) => (
                <li key={c.id}>
                  <Link to={categoryHref(c)} className="store-drawer-link" onClick={onClose}>
                    {c.name}
                  </Link>
                  {c.productSubCategory.length > 0 && (
                    <Suspense>
                      <SubCategoryLinks category={c} onClose={onClose} />
                    </Suspense>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
    </dialog>
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
        <MenuDrawer categories={categories} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      )}
      <HeaderSearch />
      <AccountMenu />
      <Suspense fallback={<span className="store-icon-button" aria-hidden="true" />}>
        <HeaderCart />
      </Suspense>
    </header>
  );
}
