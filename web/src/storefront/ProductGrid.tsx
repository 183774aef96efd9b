import type { PublicProduct } from '@tillbook/contract';
import { Card, Col, Row } from 'antd';
import { Link } from 'react-router';
import { Price } from './Price.tsx';

/** A grid of product cards: thumbnail, name and the price to pay (with the old one while a discount runs). */
export function ProductGrid({ products, testId }: { products: PublicProduct[]; testId?: string }) {
  return (
    <Row gutter={[16, 16]} data-testid={testId}>
      {products.map((p) => (
        <Col key={p.id} xs={12} sm={8} md={6}>
          <Link to={`/product/${p.id}`} aria-label={p.name}>
            <Card
              hoverable
              data-testid="product-card"
              cover={
                p.productThumbnailImageUrl ? (
                  <img src={p.productThumbnailImageUrl} alt={p.name} style={{ height: 160, objectFit: 'cover' }} />
                ) : (
                  <div style={{ height: 160, background: '#f5f5f5', display: 'grid', placeItems: 'center', color: '#999' }}>No image</div>
                )
              }
            >
              <Card.Meta title={p.name} description={<Price product={p} />} />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
