import { useQuery } from '@tanstack/react-query';
import { routes } from '@tillbook/contract';
import { Layout, Menu, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, Route, Routes } from 'react-router';
import { api } from '../lib/api.ts';
import { must } from '../lib/http.ts';
import { useSettings } from '../lib/settings.ts';
import { Home } from './Home.tsx';

// the home page is in the storefront's first load; the other pages are fetched when opened
const Catalogue = lazy(async () => ({ default: (await import('./Catalogue.tsx')).Catalogue }));
const ProductPage = lazy(async () => ({ default: (await import('./ProductPage.tsx')).ProductPage }));
const NotFound = lazy(async () => ({ default: (await import('../ui/NotFound.tsx')).NotFound }));

export function StorefrontApp() {
  const { data: settings } = useSettings();
  const categories = useQuery({
    queryKey: ['public-categories'],
    // a plain resource's public list (categories with their sub-categories)
    queryFn: () => must(api(routes.publicList.productCategory)),
  });
  return (
    <Layout style={{ minHeight: '100vh', background: '#fff' }}>
      {/* on a phone the shop name and "All products" keep their line; the categories fold into the menu's "…" */}
      <Layout.Header
        style={{ background: '#fff', display: 'flex', alignItems: 'center', gap: 16, padding: '0 16px', borderBottom: '1px solid #eee' }}
      >
        <Link to="/" style={{ display: 'flex', alignItems: 'center', flexShrink: 0, whiteSpace: 'nowrap' }}>
          {settings?.logo ? (
            <img src={settings.logo} alt={settings.companyName} style={{ maxHeight: 40 }} />
          ) : (
            <Typography.Title level={4} style={{ margin: 0 }}>
              {settings?.companyName}
            </Typography.Title>
          )}
        </Link>
        <Link to="/products" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          All products
        </Link>
        <Menu
          mode="horizontal"
          style={{ flex: 1, minWidth: 0, borderBottom: 0 }}
          selectable={false}
          data-testid="store-categories"
          items={(categories.data?.getAllProductCategory ?? []).map((c) => ({
            key: String(c.id),
            label: <Link to={`/products?productCategoryId=${c.id}`}>{c.name}</Link>,
            children: c.productSubCategory.map((s) => ({
              key: `s${s.id}`,
              label: <Link to={`/products?productCategoryId=${c.id}&productSubCategoryId=${s.id}`}>{s.name}</Link>,
            })),
          }))}
        />
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <Suspense fallback={<Spin />}>
          <Routes>
            <Route index element={<Home categories={categories.data?.getAllProductCategory ?? []} />} />
            <Route path="products" element={<Catalogue categories={categories.data?.getAllProductCategory ?? []} />} />
            <Route path="product/:id" element={<ProductPage />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>{settings?.footer}</Layout.Footer>
    </Layout>
  );
}
