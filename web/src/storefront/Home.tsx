import { useQuery } from '@tanstack/react-query';
import { productEndpoints } from '@tillbook/contract';
import { Card, Col, Empty, Row, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { must } from '../lib/http.ts';
import { useSettings } from '../lib/settings.ts';
import { ColourChip } from './ColourChip.tsx';
import { HomeSlider } from './HomeSlider.tsx';
import { ProductGrid } from './ProductGrid.tsx';
import { type Category, usePublicBrands, usePublicColours } from './shop.ts';

/** The home page: the slider, the newest products, then categories, brands and colours. */
export function Home({ categories }: { categories: Category[] }) {
  const { data: settings } = useSettings();
  const brands = usePublicBrands();
  const colours = usePublicColours();
  const newest = useQuery({
    queryKey: ['public-products', 'newest'],
    queryFn: () => must(api(productEndpoints.publicList, { query: { page: 1, count: 8 } })),
  });
  const products = newest.data?.getAllProduct ?? [];
  return (
    <>
      <HomeSlider />
      <Typography.Title level={2}>{settings?.companyName}</Typography.Title>
      {settings?.tagLine && <Typography.Paragraph type="secondary">{settings.tagLine}</Typography.Paragraph>}
      <Typography.Title level={4}>New products</Typography.Title>
      {newest.isSuccess && products.length === 0 ? (
        <Empty description="No products yet" />
      ) : (
        <ProductGrid products={products} testId="home-products" />
      )}
      {products.length > 0 && (
        <Typography.Paragraph style={{ marginTop: 16 }}>
          <Link to="/products">See all products</Link>
        </Typography.Paragraph>
      )}
      <Typography.Title level={4} style={{ marginTop: 32 }}>
        Shop by category
      </Typography.Title>
      {categories.length === 0 ? (
        <Empty description="No categories yet" />
      ) : (
        <Row gutter={[16, 16]} data-testid="home-categories">
          {categories.map((c) => (
            <Col key={c.id} xs={24} sm={12} md={8}>
              <Card title={<Link to={`/products?productCategoryId=${c.id}`}>{c.name}</Link>}>
                {c.productSubCategory.map((s) => s.name).join(' · ') || 'More coming soon'}
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Typography.Title level={4} style={{ marginTop: 32 }}>
        Brands
      </Typography.Title>
      <div data-testid="home-brands">
        {(brands.data?.getAllProductBrand ?? []).map((b) => (
          <Link key={b.id} to={`/products?productBrandId=${b.id}`}>
            <Tag>{b.name}</Tag>
          </Link>
        ))}
      </div>
      <Typography.Title level={4} style={{ marginTop: 32 }}>
        Colours
      </Typography.Title>
      <div data-testid="home-colours">
        {(colours.data?.getAllProductColor ?? []).map((c) => (
          <Link key={c.id} to={`/products?color=${c.id}`}>
            <ColourChip name={c.name} code={c.colorCode} />
          </Link>
        ))}
      </div>
    </>
  );
}
