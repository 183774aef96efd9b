import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type OutboxMail, outboxStates, routes } from '@tillbook/contract';
import { Alert, Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { instant } from '../../lib/format.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';

const stateColour = { queued: 'blue', sent: 'green', failed: 'red' } as const;
const when = (timestamp: string | null) => (timestamp ? instant(timestamp) : '—');

/** Every mail the shop sends, newest first, with its attempts and last error; a failed one can be tried again. */
export default function OutboxPage() {
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [state, setState] = useState<string>('all');
  const [page, setPage] = useState(1);
  const [count, setCount] = useState(10);
  const query = { page, count, state: state === 'all' ? undefined : state };
  const list = useQuery({
    queryKey: ['outbox', query],
    queryFn: () => must(api(routes.email.outbox, { query })),
    // the worker sends in the background: look again while anything waits
    refetchInterval: (q) => (q.state.data?.getAllOutbox.some((m) => m.state === 'queued') ? 2000 : false),
  });

  async function retry(id: number) {
    const result = await api(routes.email.retry, { params: { id } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success('The mail is queued again');
    await queryClient.invalidateQueries({ queryKey: ['outbox'] });
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Outbox
        </Typography.Title>
        <Space wrap>
          <Button onClick={() => list.refetch()}>Refresh</Button>
          {can('create-email') && (
            <Link to="/admin/email/compose">
              <Button type="primary">Write an e-mail</Button>
            </Link>
          )}
        </Space>
      </Space>
      <Segmented
        aria-label="State"
        value={state}
        onChange={(v) => {
          setState(String(v));
          setPage(1);
        }}
        options={[{ label: 'All', value: 'all' }, ...outboxStates.map((s) => ({ label: s[0]!.toUpperCase() + s.slice(1), value: s }))]}
      />
      {list.error && <Alert type="error" message={list.error.message} />}
      <Table<OutboxMail>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.getAllOutbox ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: count,
          total: list.data?.totalOutbox ?? 0,
          showSizeChanger: true,
          onChange: (p, size) => {
            setPage(size === count ? p : 1);
            setCount(size);
          },
        }}
        columns={[
          { key: 'created', title: 'Queued', render: (_, m) => when(m.createdAt) },
          { key: 'state', title: 'State', render: (_, m) => <Tag color={stateColour[m.state]}>{m.state}</Tag> },
          { key: 'to', title: 'To', render: (_, m) => m.to.join(', ') },
          { key: 'subject', title: 'Subject', dataIndex: 'subject' },
          { key: 'kind', title: 'Kind', dataIndex: 'kind' },
          { key: 'files', title: 'Attachments', dataIndex: 'attachmentCount', align: 'right' },
          { key: 'attempts', title: 'Attempts', dataIndex: 'attempts', align: 'right' },
          { key: 'sent', title: 'Sent', render: (_, m) => when(m.sentAt) },
          { key: 'answer', title: 'Server answer', render: (_, m) => m.serverAnswer ?? '—' },
          {
            key: 'error',
            title: 'Last error',
            render: (_, m) => (m.lastError ? <Typography.Text type="danger">{m.lastError}</Typography.Text> : '—'),
          },
          {
            key: 'actions',
            title: '',
            render: (_, m) =>
              m.state === 'failed' &&
              can('update-email') && (
                <Button size="small" onClick={() => retry(m.id)}>
                  Retry
                </Button>
              ),
          },
        ]}
      />
    </Space>
  );
}
