import { useQuery } from '@tanstack/react-query';
import { routes, type TillSession } from '@tillbook/contract';
import { Alert, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../lib/api.ts';
import { instant, money } from '../../../lib/format.ts';
import { must } from '../../../lib/http.ts';
import { useTills } from './session-data.ts';

/** `/admin/till-session`: the tills' sessions, newest first, by till; each opens its X or Z report. */
export default function SessionListPage() {
  const tills = useTills();
  const [tillId, setTillId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const sessions = useQuery({
    queryKey: ['till', 'sessions', tillId, page],
    queryFn: () =>
      must(api(routes.tillSession.list, { query: { page: String(page), count: '20', ...(tillId ? { tillId: String(tillId) } : {}) } })),
  });
  if (sessions.error) return <Alert type="error" title={sessions.error.message} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3}>Till sessions</Typography.Title>
      <Select
        aria-label="Till"
        allowClear
        placeholder="Every till"
        style={{ width: 220 }}
        value={tillId}
        onChange={(v) => {
          setTillId(v);
          setPage(1);
        }}
        options={(tills.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
      />
      <Table<TillSession>
        rowKey="id"
        loading={sessions.isLoading}
        dataSource={sessions.data?.getAllTillSession ?? []}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: 20, total: sessions.data?.totalTillSession ?? 0, onChange: setPage }}
        columns={[
          { title: 'Session', key: 'id', render: (_, s) => <Link to={`/admin/till-session/${s.id}`}>{`#${s.id}`}</Link> },
          { title: 'Till', key: 'till', render: (_, s) => s.till.name },
          { title: 'Opened', key: 'opened', render: (_, s) => `${instant(s.openedAt)} · ${s.openedBy.username}` },
          {
            title: 'Status',
            key: 'status',
            render: (_, s) => (s.status === 'OPEN' ? <Tag color="green">Open</Tag> : <Tag>{`Z ${s.zNumber}`}</Tag>),
          },
          {
            title: 'Closed',
            key: 'closed',
            render: (_, s) => (s.closedAt ? `${instant(s.closedAt)} · ${s.closedBy?.username ?? ''}` : ''),
          },
          { title: 'Variance', key: 'variance', align: 'right', render: (_, s) => (s.variance === null ? '' : money(s.variance)) },
        ]}
      />
    </Space>
  );
}
