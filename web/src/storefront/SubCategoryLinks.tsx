import { useQuery } from '@tanstack/react-query';
import { shopRoutes as routes } from '@tillbook/contract';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { must } from '../lib/http.ts';
import type { Category } from './shop.ts';

/** Every active sub-category with its count of active products (one request, kept; shared by the menu and the catalogue). */
export function useSubCategoryCounts(): Map<number, number> {
  const { data } = useQuery({
    queryKey: ['sub-category-details'],
    queryFn: () => must(api(routes.subCategoryDetail.details)),
    staleTime: 60_000,
  });
  return new Map((data?.getAllProductSubCategory ?? []).map((s) => [s.id, s.productCount]));
}

/**
 * A category's sub-categories in the header's menu: under the category on wide screens (`onClose` absent),
 * in the phones' drawer (a tap closes it); each links to the catalogue filtered by it, with its count of products.
 */
export function SubCategoryLinks({ category, onClose }: { category: Category; onClose?: () => void }) {
  const counts = useSubCategoryCounts();
  const drawer = onClose !== undefined;
  return (
    <ul className={drawer ? 'store-drawer-list' : 'store-bar-sub'}>
      {category.productSubCategory.map((s) => (
        <li key={s.id}>
          <Link
            to={`/products?productCategoryId=${category.id}&productSubCategoryId=${s.id}`}
            className={drawer ? 'store-drawer-sublink' : 'store-bar-sublink'}
            onClick={onClose}
          >
            {s.name}
            {counts.has(s.id) && (
              <span className="store-count" data-testid="sub-category-count">
                {counts.get(s.id)}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
