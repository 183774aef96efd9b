import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useWide } from '../lib/media.ts';
import { useSettings } from '../lib/settings.ts';
import { AccountMenu } from './account/AccountMenu.tsx';
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

/** Phones: the categories in a drawer from the left (a modal dialog: Escape or a tap beside it closes it). */
function CategoryDrawer({ categories, open, onClose }: { categories: Category[]; open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
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
            <h2 id="store-drawer-title">Categories</h2>
            <button type="button" className="store-icon-button" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
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
 * The storefront's header: the logo (or the shop's name on one line, ending in "…" when too long),
 * "All products" and the categories: across the header on wide screens, in a drawer on phones; then the
 * signed-in shopper (name and Logout) or "Log in".
 */
export function StoreHeader({ categories }: { categories: Category[] }) {
  const { data: settings } = useSettings();
  const wide = useWide();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className="store-header">
      {!wide && (
        <button type="button" className="store-icon-button" aria-label="Categories" onClick={() => setDrawerOpen(true)}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <Link to="/" className="store-name" data-testid="shop-name">
        {settings?.logo ? <img src={settings.logo} alt={settings.companyName} /> : <span>{settings?.companyName}</span>}
      </Link>
      <Link to="/products" className="store-all">
        All products
      </Link>
      {wide ? (
        <CategoryBar categories={categories} />
      ) : (
        <CategoryDrawer categories={categories} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      )}
      <AccountMenu />
      <Suspense fallback={<span className="store-icon-button" aria-hidden="true" />}>
        <HeaderCart />
      </Suspense>
    </header>
  );
}
