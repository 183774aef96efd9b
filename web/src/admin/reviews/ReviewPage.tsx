import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@tillbook/contract';
import { Alert, Button, Descriptions, Image, Input, List, Rate, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { instant } from '../../lib/format.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { HideShowButton, ShownTag, VerifiedTag } from './review-actions.tsx';

/** The reply form under a review: what the shop answers, shown under the review on the product page. */
function ReplyForm({ reviewId }: { reviewId: number }) {
  const client = useQueryClient();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    const answer = await api(routes.review.reply, { body: { reviewId, comment } });
    setSending(false);
    if (answer.error !== undefined) return setError(answer.error);
    setError(null);
    setComment('');
    notify.success('Reply posted');
    await Promise.all([
      client.invalidateQueries({ queryKey: ['review-rating', reviewId] }),
      client.invalidateQueries({ queryKey: ['list'] }),
    ]);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 640 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        Reply
      </Typography.Title>
      <Input.TextArea
        aria-label="Reply"
        rows={3}
        maxLength={2000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        placeholder="Shown under the review in the shop"
      />
      {error && <Alert type="error" title={error} showIcon />}
      <Button type="primary" onClick={send} loading={sending} disabled={!comment.trim()}>
        Post reply
      </Button>
    </Space>
  );
}

/** One review: the shopper, the product, the stars and text, the photos, the replies, a reply form and Hide/Show. */
export default function ReviewPage() {
  const id = Number(useParams().id);
  const { can } = usePermissions();
  const detail = useQuery({ queryKey: ['review-rating', id], queryFn: () => must(api(routes.review.get, { params: { id } })) });
  if (detail.isLoading) return <Spin />;
  if (!detail.data) {
    return (
      <Result
        status="404"
        title="Review not found"
        subTitle={detail.error?.message}
        extra={<Link to="/admin/review-rating">Back to reviews</Link>}
      />
    );
  }
  const r = detail.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="review-page">
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>{`Review #${r.id}`}</Typography.Title>
          <ShownTag review={r} />
        </Space>
        <Space wrap>
          <HideShowButton review={r} />
          <Link to="/admin/review-rating">Back to reviews</Link>
        </Space>
      </Space>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label="Product">
          <Link to={`/admin/review-rating?productId=${r.productId}`}>{r.productName}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="Shopper">{r.customerName}</Descriptions.Item>
        <Descriptions.Item label="Rating">
          <Rate disabled value={r.rating} style={{ fontSize: 16 }} /> {r.rating} of 5
        </Descriptions.Item>
        <Descriptions.Item label="Purchase">
          <VerifiedTag review={r} />
        </Descriptions.Item>
        <Descriptions.Item label="Written">{instant(r.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="review-text">
        {r.review || <Typography.Text type="secondary">No text, stars only.</Typography.Text>}
      </Typography.Paragraph>
      {r.images.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap>
            {r.images.map((image) => (
              <Image key={image.id} src={image.thumbnailUrl} preview={{ src: image.url }} width={120} alt={`Photo ${image.position + 1}`} />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      <List
        header={<strong>Replies</strong>}
        locale={{ emptyText: 'No reply yet' }}
        dataSource={r.reviewReply}
        renderItem={(reply) => (
          <List.Item data-testid="staff-reply">
            <List.Item.Meta title={`${reply.userName}, ${instant(reply.createdAt)}`} description={reply.comment} />
          </List.Item>
        )}
      />
      {can('create-reviewReply') && <ReplyForm reviewId={r.id} />}
    </Space>
  );
}
