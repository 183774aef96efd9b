import { type Review, routes } from '@tillbook/contract';
import { Grid, Input, Rate, Select, Space } from 'antd';
import { Link } from 'react-router';
import { instant } from '../../lib/format.ts';
import { useListParams } from '../../lib/list-params.ts';
import { DateRangeFilter } from '../../ui/document/DateRangeFilter.tsx';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { HideShowButton, ShownTag, VerifiedTag } from './review-actions.tsx';

const filters = ['startDate', 'endDate', 'key', 'status', 'rating', 'verifiedPurchase', 'productId', 'sort', 'order'] as const;
const shownOptions = [
  { value: 'true,false', label: 'Shown and hidden' },
  { value: 'true', label: 'Shown' },
  { value: 'false', label: 'Hidden' },
];
const starOptions = [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} ${n === 1 ? 'star' : 'stars'}` }));
const verifiedOptions = [
  { value: 'true', label: 'Verified purchases' },
  { value: 'false', label: 'Not verified' },
];

/** Shoppers' reviews, newest first: search, product, stars, verified, shown or hidden, dates; each opens to reply or hide. */
export default function ReviewListPage() {
  const list = useListParams({ filters });
  const wide = Grid.useBreakpoint().md ?? false;
  return (
    <DocumentListPage<typeof routes.review.list, Review>
      title="Reviews"
      endpoint={routes.review.list}
      list={list}
      fixed={{ status: list.filters.status ?? 'true,false' }}
      rows={(a) => a.getAllReviewRating}
      total={(a) => a.totalReviewRating}
      rowKey="id"
      emptyText="No review matches"
      tools={
        <>
          <Input.Search
            aria-label="Search reviews"
            placeholder="Text, shopper or product"
            allowClear
            defaultValue={list.filters.key}
            onSearch={(text) => list.setFilters({ key: text.trim() })}
            style={{ width: 220 }}
          />
          <Select
            aria-label="Shown or hidden"
            options={shownOptions}
            value={list.filters.status ?? 'true,false'}
            onChange={(v) => list.setFilters({ status: v === 'true,false' ? undefined : v })}
            style={{ width: 170 }}
          />
          <Select
            aria-label="Stars"
            placeholder="Any stars"
            allowClear
            options={starOptions}
            value={list.filters.rating}
            onChange={(v) => list.setFilters({ rating: v })}
            style={{ width: 120 }}
          />
          <Select
            aria-label="Verified purchase"
            placeholder="Verified or not"
            allowClear
            options={verifiedOptions}
            value={list.filters.verifiedPurchase}
            onChange={(v) => list.setFilters({ verifiedPurchase: v })}
            style={{ width: 170 }}
          />
          {list.filters.productId && (
            <Link to="/admin/review-rating" aria-label="Every product">
              Every product
            </Link>
          )}
          <DateRangeFilter list={list} />
        </>
      }
      columns={[
        { key: 'createdAt', title: 'When', sorter: true, render: (_, r) => instant(r.createdAt) },
        {
          key: 'rating',
          title: 'Rating',
          sorter: true,
          render: (_, r) => (
            <Rate disabled value={r.rating} style={{ fontSize: 14, whiteSpace: 'nowrap' }} aria-label={`${r.rating} stars`} />
          ),
        },
        {
          key: 'product',
          title: 'Product',
          render: (_, r) => <Link to={`/admin/review-rating?productId=${r.productId}`}>{r.productName}</Link>,
        },
        { key: 'shopper', title: 'Shopper', dataIndex: 'customerName' },
        { key: 'verified', title: 'Verified', render: (_, r) => <VerifiedTag review={r} /> },
        {
          key: 'review',
          title: 'Review',
          render: (_, r) => (
            <span style={{ display: 'inline-block', maxWidth: 320, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {r.review ? (r.review.length > 120 ? `${r.review.slice(0, 120)}…` : r.review) : '—'}
              {r.images.length > 0 && ` (${r.images.length} ${r.images.length === 1 ? 'photo' : 'photos'})`}
            </span>
          ),
        },
        { key: 'replies', title: 'Replies', align: 'right', render: (_, r) => r.reviewReply.length },
        { key: 'status', title: 'Status', render: (_, r) => <ShownTag review={r} /> },
        {
          key: 'actions',
          title: 'Actions',
          fixed: wide ? 'right' : undefined,
          render: (_, r) => (
            <Space>
              <Link to={`/admin/review-rating/${r.id}`}>Open</Link>
              <HideShowButton review={r} size="small" />
            </Space>
          ),
        },
      ]}
    />
  );
}
