import { FilterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { shopRoutes as routes } from '@tillbook/contract';
import { Button, Col, Empty, Grid, Input, InputNumber, Pagination, Row, Select, Space, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useAddressParams } from '../lib/address.ts';
import { api } from '../lib/api.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { useSettings } from '../lib/settings.ts';
import { catalogueHeading, catalogueTitle } from './catalogue-title.ts';
import { ProductGrid } from './ProductGrid.tsx';
import { useSubCategoryCounts } from './SubCategoryLinks.tsx';
import { type Category, usePublicBrands, usePublicColours } from './shop.ts';

const pageSize = 12;
/** Query parameters the catalogue keeps in the URL; all of them go to GET /product/public. */
const filterNames = ['key', 'productCategoryId', 'productSubCategoryId', 'productBrandId', 'color', 'priceRange', 'price'] as const;

const idOf = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : undefined);

/** A filter with its name above it, so that a chosen value still says which filter it is. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 2 }}>
        {label}
      </Typography.Text>
      {children}
    </div>
  );
}

/** One of the catalogue's id filters (category, sub-category, brand, colour): cleared = no filter. */
function IdFilter(props: {
  label: string;
  value?: number;
  onChange: (value?: number) => void;
  options: { value: number; label: string }[];
}) {
  return (
    <Labelled label={props.label}>
      <Select
        aria-label={props.label}
        placeholder={`Any ${props.label.toLowerCase()}`}
        allowClear
        style={{ width: '100%' }}
        value={props.value}
        onChange={props.onChange}
        options={props.options}
      />
    </Labelled>
  );
}

/** A page number past the last page: says so, with links to the first and the last page. */
function PastTheEnd({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  return (
    <Empty
      data-testid="catalogue-past-end"
      description={
        <>
          <Typography.Paragraph>
            No products on page {page}; there {pages === 1 ? 'is 1 page' : `are ${pages} pages`}.
          </Typography.Paragraph>
          <Space wrap>
            <Link to={hrefFor(1)}>Go to page 1</Link>
            {pages > 1 && <Link to={hrefFor(pages)}>Go to the last page ({pages})</Link>}
          </Space>
        </>
      }
    />
  );
}

/** The catalogue at /products: filters kept in the URL query, paged, with an honest empty state. */
export function Catalogue({ categories }: { categories: Category[] }) {
  const [params, setParams] = useAddressParams();
  const brands = usePublicBrands();
  const colours = usePublicColours();
  const page = Math.max(1, idOf(params.get('page')) ?? 1);
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const list = useQuery({
    queryKey: ['public-products', filters, page],
    queryFn: () => api(routes.product.publicList, { query: { ...filters, page, count: pageSize } }),
  });

  /** Sets (or clears) query parameters and goes back to page 1. */
  const change = (next: Record<string, string | number | undefined | null>) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const [name, value] of Object.entries(next)) {
        if (value === undefined || value === null || value === '') updated.delete(name);
        else updated.set(name, String(value));
      }
      if (!('page' in next)) updated.delete('page');
      return updated;
    });
  };

  const categoryId = idOf(params.get('productCategoryId'));
  const subCategories = (categoryId ? categories.filter((c) => c.id === categoryId) : categories).flatMap((c) => c.productSubCategory);
  const counts = useSubCategoryCounts();
  const withCount = (s: { id: number; name: string }) => (counts.has(s.id) ? `${s.name} (${counts.get(s.id)})` : s.name);
  const [min, max] = (params.get('priceRange') ?? '').split('-').map((t) => (t === '' ? undefined : Number(t)));
  const setRange = (low: number | null | undefined, high: number | null | undefined) => {
    if (low == null && high == null) return change({ priceRange: undefined });
    change({ priceRange: `${low ?? 0}-${high ?? 999999999}` });
  };
  const sort = params.get('price') ?? 'newest';
  const result = list.data;
  const products = result?.data?.getAllProduct ?? [];
  const total = result?.data?.totalProduct ?? 0;
  const filtered = filterNames.some((n) => params.get(n));
  const pages = Math.ceil(total / pageSize);
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p === 1) next.delete('page');
    else next.set('page', String(p));
    return `?${next}`;
  };
  // on a phone the filters (but not the search) fold under a button, so the products are on the first screen
  const wide = Grid.useBreakpoint().md ?? true;
  const [showFilters, setShowFilters] = useState(false);
  const chosen = filterNames.filter((n) => n !== 'key' && params.get(n)).length;
  // the page is titled with what it shows: the search term, the category (or sub-category), the brand
  const category = categories.find((c) => c.id === categoryId);
  const subCategoryId = idOf(params.get('productSubCategoryId'));
  const choice = {
    key: params.get('key'),
    category: category?.name,
    subCategory: categories.flatMap((c) => c.productSubCategory).find((s) => s.id === subCategoryId)?.name,
    brand: (brands.data?.getAllProductBrand ?? []).find((b) => b.id === idOf(params.get('productBrandId')))?.name,
  };
  useDocumentTitle(catalogueTitle(choice, useSettings().data?.companyName));

  return (
    <Row gutter={24}>
      <Col xs={24} md={6}>
        <Space direction="vertical" style={{ width: '100%' }} data-testid="catalogue-filters">
          <Input.Search
            key={`key-${params.get('key') ?? ''}`}
            aria-label="Search products"
            placeholder="Search products"
            defaultValue={params.get('key') ?? ''}
            allowClear
            onSearch={(value) => change({ key: value.trim() })}
          />
          {!wide && (
            <Button block icon={<FilterOutlined />} onClick={() => setShowFilters(!showFilters)} aria-expanded={showFilters}>
              {showFilters ? 'Hide filters' : `Filters${chosen ? ` (${chosen})` : ''}`}
            </Button>
          )}
          {(wide || showFilters) && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <IdFilter
                label="Category"
                value={categoryId}
                onChange={(v?: number) => change({ productCategoryId: v, productSubCategoryId: undefined })}
                options={categories.map((c) => ({ value: c.id, label: c.name }))}
              />
              <IdFilter
                label="Sub-category"
                value={idOf(params.get('productSubCategoryId'))}
                onChange={(v?: number) => change({ productSubCategoryId: v })}
                options={subCategories.map((s) => ({ value: s.id, label: s.name }))}
              />
              <IdFilter
                label="Brand"
                value={idOf(params.get('productBrandId'))}
                onChange={(v?: number) => change({ productBrandId: v })}
                options={(brands.data?.getAllProductBrand ?? []).map((b) => ({ value: b.id, label: b.name }))}
              />
              <IdFilter
                label="Colour"
                value={idOf(params.get('color'))}
                onChange={(v?: number) => change({ color: v })}
                options={(colours.data?.getAllProductColor ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
              <Labelled label="Price">
                <Space.Compact style={{ width: '100%' }}>
                  <InputNumber
                    aria-label="Lowest price"
                    placeholder="Min price"
                    min={0}
                    value={min}
                    onChange={(v) => setRange(v, max)}
                    style={{ width: '50%' }}
                  />
                  <InputNumber
                    aria-label="Highest price"
                    placeholder="Max price"
                    min={0}
                    value={max}
                    onChange={(v) => setRange(min, v)}
                    style={{ width: '50%' }}
                  />
                </Space.Compact>
              </Labelled>
              <Labelled label="Sort by">
                <Select
                  aria-label="Sort"
                  style={{ width: '100%' }}
                  value={sort}
                  onChange={(v: string) => change({ price: v === 'newest' ? undefined : v })}
                  options={[
                    { value: 'newest', label: 'Newest first' },
                    { value: 'LowToHigh', label: 'Price: low to high' },
                    { value: 'HighToLow', label: 'Price: high to low' },
                  ]}
                />
              </Labelled>
            </Space>
          )}
          {filtered && <Button onClick={() => setParams(() => new URLSearchParams())}>Clear filters</Button>}
        </Space>
      </Col>
      <Col xs={24} md={18}>
        <Typography.Title level={3} data-testid="catalogue-heading">
          {catalogueHeading(choice)}
        </Typography.Title>
        {categoryId && subCategories.length > 0 && (
          <Space wrap style={{ marginBottom: 16 }} data-testid="catalogue-sub-categories">
            {subCategories.map((s) => (
              <Link key={s.id} to={`?productCategoryId=${categoryId}&productSubCategoryId=${s.id}`} className="shop-tag">
                {withCount(s)}
              </Link>
            ))}
          </Space>
        )}
        {list.isLoading ? (
          <Spin />
        ) : result?.error !== undefined ? (
          <Empty description={`Products could not be loaded: ${result?.error}`} />
        ) : products.length === 0 && total > 0 ? (
          <PastTheEnd page={page} pages={pages} hrefFor={hrefFor} />
        ) : products.length === 0 ? (
          <Empty description={filtered ? 'No products match these filters' : 'No products yet'} data-testid="catalogue-empty" />
        ) : (
          <>
            <Typography.Paragraph type="secondary" data-testid="catalogue-total">
              {total} {total === 1 ? 'product' : 'products'}
            </Typography.Paragraph>
            <ProductGrid products={products} testId="catalogue-products" />
            <Pagination
              style={{ marginTop: 24 }}
              current={page}
              pageSize={pageSize}
              total={total}
              showSizeChanger={false}
              hideOnSinglePage
              onChange={(p) => change({ page: p })}
            />
          </>
        )}
      </Col>
    </Row>
  );
}
