import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useShopper } from './account/shopper.ts';
import { type Category, categoryHref } from './shop.ts';

// a category's sub-categories, each with its count of products
const SubCategoryLinks = lazy(async () => ({ default: (await import('./SubCategoryLinks.tsx')).SubCategoryLinks }));

/**
 * Phones: the ☰ menu in a drawer from the left (a modal dialog: Escape or a tap beside it closes it): the
 * signed-in shopper's pages (My orders, Wishlist, profile), then "All products" and the categories.
 */
export function MenuDrawer({ categories, open, onClose }: { categories: Category[]; open: boolean; onClose: () => void }) {
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
