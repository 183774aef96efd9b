import { useQuery } from '@tanstack/react-query';
import { type ProductVariant, type PublicProductDetail, shopRoutes as routes } from '@tillbook/contract';
import { Col, Descriptions, Empty, Image, Row, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../lib/api.ts';
import { NotFound } from '../ui/NotFound.tsx';
import { ColourChip } from './ColourChip.tsx';
import { AddToCart } from './cart/AddToCart.tsx';
import { Price } from './Price.tsx';
import { ProductRating } from './reviews/ProductRating.tsx';

/** The reviews block, fetched after the product itself. */
const ProductReviews = lazy(async () => ({ default: (await import('./reviews/ProductReviews.tsx')).ProductReviews }));

import { WishHeart } from './wishlist/WishHeart.tsx';

/** "In stock" or "Out of stock"; for a chosen variant, how many ("3 in stock"). */
function StockText({ quantity, exact }: { quantity: number; exact: boolean }) {
  return (
    <Typography.Text strong type={quantity > 0 ? 'success' : 'danger'} data-testid="product-stock">
      {quantity <= 0 ? 'Out of stock' : exact ? `${quantity} in stock` : 'In stock'}
    </Typography.Text>
  );
}

/** The price shown: the product's, or the chosen variant's own price to pay (the server's `finalPriceWithVat`). */
function variantPriced(p: PublicProductDetail, v: ProductVariant | null) {
  if (!v || v.productSalePrice === null) return p;
  return { finalPriceWithVat: v.finalPriceWithVat, productSalePriceWithVat: v.finalPriceWithVat, discount: null };
}

/** The product page at /product/:id: gallery, name, VAT-inclusive price, description, colours, attributes, stock. */
export function ProductPage() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const detail = useQuery({
    queryKey: ['public-product', id],
    queryFn: () => api(routes.product.publicGet, { params: { id } }),
    enabled: valid,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  // the variant the shopper's colour and values name, for a product sold by variants: its price and stock are shown
  const [variant, setVariant] = useState<ProductVariant | null>(null);
  // a variant picked with a picture of its own (issue 32): the gallery shows it (once per pick)
  const pickVariant = useCallback(
    (v: ProductVariant | null) => {
      setVariant(v);
      const images = detail.data && detail.data.error === undefined ? detail.data.data.images : [];
      const picture = v?.productImageId ? images.find((i) => i.id === v.productImageId)?.url : undefined;
      if (picture) setChosen(picture);
    },
    [detail.data],
  );
  const result = detail.data;
  const missing = result?.error !== undefined && (result.status === 404 || result.status === 400);
  if (!valid || missing) return <NotFound shop />;
  if (detail.isLoading || !result) return <Spin />;
  if (result.error !== undefined) return <Empty description={`The product could not be loaded: ${result.error}`} />;
  const p = result.data;
  const pictures = [
    ...(p.productImageUrl ? [{ key: 'main', url: p.productImageUrl, thumb: p.productThumbnailImageUrl ?? p.productImageUrl }] : []),
    ...p.images.filter((i) => i.url).map((i) => ({ key: String(i.id), url: i.url!, thumb: i.thumbnailUrl ?? i.url! })),
  ];
  const shown = chosen ?? pictures[0]?.url ?? null;

  const attributes = new Map<string, string[]>();
  for (const v of p.productAttributeValues)
    attributes.set(v.productAttributeName, [...(attributes.get(v.productAttributeName) ?? []), v.name]);

  return (
    <Row gutter={32} data-testid="product-page">
      <Col xs={24} md={10}>
        {shown ? (
          <Image src={shown} alt={p.name} style={{ width: '100%', maxHeight: 420, objectFit: 'contain' }} />
        ) : (
          <div style={{ height: 320, background: '#f5f5f5', display: 'grid', placeItems: 'center', color: '#999' }}>No image</div>
        )}
        {pictures.length > 1 && (
          <Space wrap style={{ marginTop: 12 }} data-testid="product-gallery">
            {pictures.map((pic, index) => (
              <button
                key={pic.key}
                type="button"
                onClick={() => setChosen(pic.url)}
                aria-label={`Show view ${index + 1}`}
                style={{
                  padding: 0,
                  background: 'none',
                  cursor: 'pointer',
                  border: pic.url === shown ? '2px solid #1677ff' : '1px solid #eee',
                }}
              >
                <img
                  src={pic.thumb}
                  alt={`${p.name}, view ${index + 1}`}
                  style={{ width: 64, height: 64, objectFit: 'cover', display: 'block' }}
                />
              </button>
            ))}
          </Space>
        )}
      </Col>
      <Col xs={24} md={14}>
        <Typography.Title level={2}>{p.name}</Typography.Title>
        <ProductRating product={p} />
        <div className="wish-row">
          <Price product={variantPriced(p, variant)} large />
          <WishHeart product={p} large />
        </div>
        {p.vatPercentage > 0 && <Typography.Text type="secondary">Price includes {p.vatPercentage}% VAT</Typography.Text>}
        <Typography.Paragraph style={{ marginTop: 12 }}>
          <StockText quantity={variant ? variant.productQuantity : p.productQuantity} exact={variant !== null} />
        </Typography.Paragraph>
        <AddToCart product={p} onVariant={pickVariant} />
        {p.description && (
          <Typography.Paragraph data-testid="product-description" style={{ whiteSpace: 'pre-wrap' }}>
            {p.description}
          </Typography.Paragraph>
        )}
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="SKU">{variant?.sku ?? p.sku}</Descriptions.Item>
          {p.productBrandName && (
            <Descriptions.Item label="Brand">
              <Link to={`/products?productBrandId=${p.productBrandId}`}>{p.productBrandName}</Link>
            </Descriptions.Item>
          )}
          {p.productSubCategoryName && (
            <Descriptions.Item label="Sub-category">
              <Link to={`/products?productSubCategoryId=${p.productSubCategoryId}`}>{p.productSubCategoryName}</Link>
            </Descriptions.Item>
          )}
          {p.colors.length > 0 && (
            <Descriptions.Item label="Colours">
              {p.colors.map((c) => (
                <ColourChip key={c.id} name={c.name} code={c.colorCode} />
              ))}
            </Descriptions.Item>
          )}
          {[...attributes].map(([name, values]) => (
            <Descriptions.Item key={name} label={name}>
              {values.join(', ')}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Col>
      <Col xs={24}>
        <Suspense fallback={<Spin />}>
          <ProductReviews productId={p.id} />
        </Suspense>
      </Col>
    </Row>
  );
}
