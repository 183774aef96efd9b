import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Tag, Typography } from 'antd';
import { http, must } from '../lib/http.ts';
import { useSettings } from '../lib/settings.ts';

interface Named {
  id: number;
  name: string;
}

/** The home page: what the public catalogue endpoints hold today (categories, brands, colours). */
export function Home({ categories }: { categories: (Named & { productSubCategory: Named[] })[] }) {
  const { data: settings } = useSettings();
  const brands = useQuery({ queryKey: ['public-brands'], queryFn: () => must(http.get<{ getAllProductBrand: Named[] }>('product-brand/public')) });
  const colours = useQuery({
    queryKey: ['public-colours'],
    queryFn: () => must(http.get<{ getAllProductColor: (Named & { colorCode: string })[] }>('product-color/public')),
  });
  return (
    <>
      <Typography.Title level={2}>{settings?.companyName}</Typography.Title>
      {settings?.tagLine && <Typography.Paragraph type="secondary">{settings.tagLine}</Typography.Paragraph>}
      <Typography.Title level={4}>Shop by category</Typography.Title>
      {categories.length === 0 ? (
        <Empty description="No categories yet" />
      ) : (
        <Row gutter={[16, 16]} data-testid="home-categories">
          {categories.map((c) => (
            <Col key={c.id} xs={24} sm={12} md={8}>
              <Card title={c.name}>{c.productSubCategory.map((s) => s.name).join(' · ') || 'More coming soon'}</Card>
            </Col>
          ))}
        </Row>
      )}
      <Typography.Title level={4} style={{ marginTop: 32 }}>Brands</Typography.Title>
      <div data-testid="home-brands">{(brands.data?.getAllProductBrand ?? []).map((b) => <Tag key={b.id}>{b.name}</Tag>)}</div>
      <Typography.Title level={4} style={{ marginTop: 32 }}>Colours</Typography.Title>
      <div>
        {(colours.data?.getAllProductColor ?? []).map((c) => (
          <Tag key={c.id} color={c.colorCode}>{c.name}</Tag>
        ))}
      </div>
    </>
  );
}
