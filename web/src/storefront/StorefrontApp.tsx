import { MenuOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type CategoryTree, resources } from '@tillbook/contract';
import { Button, Drawer, Grid, Layout, Menu, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { http, must } from '../lib/http.ts';
import { useSettings } from '../lib/settings.ts';
import { Home } from './Home.tsx';

// the home page is in the storefront's first load; the other pages are fetched when opened
const Catalogue = lazy(async () => ({ default: (await import('./Catalogue.tsx')).Catalogue }));
const ProductPage = lazy(async () => ({ default: (await import('./ProductPage.tsx')).ProductPage }));
const NotFound = lazy(async () => ({ default: (await import('../ui/NotFound.tsx')).NotFound }));

import type { Category } from './shop.ts';

/** The categories with their sub-categories as menu entries, each a link into the catalogue. */
function categoryItems(categories: Category[], onNavigate?: () => void) {
  return categories.map((c) => ({
    key: String(c.id),
    label: (
      <Link to={`/products?productCategoryId=${c.id}`} onClick={onNavigate}>
        {c.name}
      </Link>
    ),
    children: c.productSubCategory.map((s) => ({
      key: `s${s.id}`,
      label: (
        <Link to={`/products?productCategoryId=${c.id}&productSubCategoryId=${s.id}`} onClick={onNavigate}>
          {s.name}
        </Link>
      ),
    })),
  }));
}

export function StorefrontApp() {
  const { data: settings } = useSettings();
  const categories = useQuery({
    queryKey: ['public-categories'],
    // a plain resource's public list (categories with their sub-categories): path from its contract
    queryFn: () => must(http.get<CategoryTree>(`${resources.productCategory.path}/public`)),
  });
  const list = categories.data?.getAllProductCategory ?? [];
  // below md (768 px) the categories move into a drawer opened from the header
  const wide = Grid.useBreakpoint().md ?? true;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = () => setDrawerOpen(false);
  return (
    <Layout style={{ minHeight: '100vh', background: '#fff' }}>
      <Layout.Header
        style={{
          background: '#fff',
          display: 'flex',
          alignItems: 'center',
          gap: wide ? 16 : 8,
          padding: wide ? '0 16px' : '0 8px',
          borderBottom: '1px solid #eee',
        }}
      >
        {!wide && <Button type="text" icon={<MenuOutlined />} aria-label="Categories" onClick={() => setDrawerOpen(true)} />}
        {/* the shop name keeps one line: a long one ends in "…" rather than wrapping */}
        <Link to="/" style={{ display: 'flex', alignItems: 'center', minWidth: 0, flexShrink: wide ? 0 : 1 }} data-testid="shop-name">
          {settings?.logo ? (
            <img src={settings.logo} alt={settings.companyName} style={{ maxHeight: 40, maxWidth: '100%' }} />
          ) : (
            <Typography.Title level={4} ellipsis style={{ margin: 0, whiteSpace: 'nowrap' }}>
              {settings?.companyName}
            </Typography.Title>
          )}
        </Link>
        <Link to="/products" style={{ flexShrink: 0, whiteSpace: 'nowrap', marginLeft: wide ? 0 : 'auto' }}>
          All products
        </Link>
        {wide && (
          <Menu
            mode="horizontal"
            style={{ flex: 1, minWidth: 0, borderBottom: 0 }}
            selectable={false}
            data-testid="store-categories"
            items={categoryItems(list)}
          />
        )}
      </Layout.Header>
      {!wide && (
        <Drawer open={drawerOpen} onClose={close} placement="left" size={280} title="Categories" styles={{ body: { padding: 0 } }}>
          <Menu
            mode="inline"
            selectable={false}
            data-testid="store-categories"
            items={[
              {
                key: 'all',
                label: (
                  <Link to="/products" onClick={close}>
                    All products
                  </Link>
                ),
              },
              ...categoryItems(list, close),
            ]}
          />
        </Drawer>
      )}
      <Layout.Content style={{ padding: wide ? 24 : 16, maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <Suspense fallback={<Spin />}>
          <Routes>
            <Route index element={<Home categories={list} />} />
            <Route path="products" element={<Catalogue categories={list} />} />
            <Route path="product/:id" element={<ProductPage />} />
            <Route path="*" element={<NotFound shop />} />
          </Routes>
        </Suspense>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>{settings?.footer}</Layout.Footer>
    </Layout>
  );
}
