import { useQuery } from '@tanstack/react-query';
import { shopRoutes as routes } from '@tillbook/contract';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { must } from '../lib/http.ts';
import { useSettings } from '../lib/settings.ts';
import { ColourChip } from './ColourChip.tsx';
import { HomeSlider } from './HomeSlider.tsx';
import { ProductGrid } from './ProductGrid.tsx';
import { type Category, usePublicBrands, usePublicColours } from './shop.ts';
import './shop.css';

/** The home page: the slider, the newest products, then categories, brands and colours (plain markup, shop.css). */
export function Home({ categories }: { categories: Category[] }) {
  const { data: settings } = useSettings();
  const brands = usePublicBrands();
  const colours = usePublicColours();
  const newest = useQuery({
    queryKey: ['public-products', 'newest'],
    queryFn: () => must(api(routes.product.publicList, { query: { page: 1, count: 8 } })),
  });
  const products = newest.data?.getAllProduct ?? [];
  return (
    <>
      <HomeSlider />
      <h1 className="shop-title">{settings?.companyName}</h1>
      {settings?.tagLine && <p className="shop-note">{settings.tagLine}</p>}
      <h2 className="shop-heading">New products</h2>
      {newest.isSuccess && products.length === 0 ? (
        <p className="shop-empty">No products yet</p>
      ) : (
        <ProductGrid products={products} testId="home-products" />
      )}
      {products.length > 0 && (
        <p style={{ marginTop: 16 }}>
          <Link to="/products">See all products</Link>
        </p>
      )}
      <h2 className="shop-heading">Shop by category</h2>
      {categories.length === 0 ? (
        <p className="shop-empty">No categories yet</p>
      ) : (
        <div className="shop-categories" data-testid="home-categories">
          {categories.map((c) => (
            <section key={c.id} className="shop-category">
              <h3>
                <Link to={`/products?productCategoryId=${c.id}`}>{c.name}</Link>
              </h3>
              <p>{c.productSubCategory.map((s) => s.name).join(' · ') || 'More coming soon'}</p>
            </section>
          ))}
        </div>
      )}
      <h2 className="shop-heading">Brands</h2>
      <div className="shop-tags" data-testid="home-brands">
        {(brands.data?.getAllProductBrand ?? []).map((b) => (
          <Link key={b.id} to={`/products?productBrandId=${b.id}`} className="shop-tag">
            {b.name}
          </Link>
        ))}
      </div>
      <h2 className="shop-heading">Colours</h2>
      <div className="shop-tags" data-testid="home-colours">
        {(colours.data?.getAllProductColor ?? []).map((c) => (
          <Link key={c.id} to={`/products?color=${c.id}`}>
            <ColourChip name={c.name} code={c.colorCode} />
          </Link>
        ))}
      </div>
    </>
  );
}
