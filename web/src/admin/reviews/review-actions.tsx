import { useQueryClient } from '@tanstack/react-query';
import { type Review, routes } from '@tillbook/contract';
import { Button, Popconfirm, Tag } from 'antd';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';

export const VerifiedTag = ({ review }: { review: Pick<Review, 'verifiedPurchase'> }) =>
  review.verifiedPurchase === 'true' ? <Tag color="green">Verified</Tag> : <Tag>Not verified</Tag>;

export const ShownTag = ({ review }: { review: Pick<Review, 'status'> }) =>
  review.status === 'true' ? <Tag color="blue">Shown</Tag> : <Tag color="default">Hidden</Tag>;

/** Hide a shown review (it leaves the product's average at once) or show a hidden one again; for who may update reviews. */
export function HideShowButton({ review, size }: { review: Pick<Review, 'id' | 'status'>; size?: 'small' }) {
  const client = useQueryClient();
  const { can } = usePermissions();
  if (!can('update-reviewRating')) return null;
  const shown = review.status === 'true';
  const change = async () => {
    const answer = await api(
      routes.review.setStatus,
      { params: { id: review.id }, body: { status: shown ? 'false' : 'true' } },
      { toast: true },
    );
    await Promise.all([
      client.invalidateQueries({ queryKey: ['list'] }),
      client.invalidateQueries({ queryKey: ['review-rating', review.id] }),
    ]);
    if (answer.error === undefined) notify.success(answer.data.message);
  };
  return shown ? (
    <Popconfirm title="Hide this review from the shop? It leaves the product's rating." okText="Hide" cancelText="Keep" onConfirm={change}>
      <Button size={size} danger>
        Hide
      </Button>
    </Popconfirm>
  ) : (
    <Button size={size} onClick={change}>
      Show
    </Button>
  );
}
