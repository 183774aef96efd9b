import { useQuery } from '@tanstack/react-query';
import { type JournalVerification, routes, sealedSeriesLabels } from '@tillbook/contract';
import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';

type Chain = JournalVerification['chains'][number];

/**
 * `/admin/sales-journal` (issue 34): the sales journal's hash chains walked on demand. Each posted sale, return,
 * customer payment and web order is sealed with the hash of the one before it; the check names the first document
 * that no longer matches, as `npm run verify-books` does.
 */
export default function SalesJournalPage() {
  const check = useQuery({
    queryKey: ['audit-log', 'verify'],
    queryFn: () => must(api(routes.auditLog.verify, {})),
    enabled: false,
    gcTime: 0,
  });
  const result = check.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3}>Sales journal</Typography.Title>
      <Typography.Paragraph>
        Every posted sale invoice, return, customer payment and web order is sealed when it is posted, with the seal of the document before
        it. Checking walks each chain from its first document and names the first one changed since.
      </Typography.Paragraph>
      <Button type="primary" onClick={() => void check.refetch()} loading={check.isFetching}>
        Check the journal
      </Button>
      {check.error && <Alert type="error" title={check.error.message} />}
      {result && (
        <Alert
          type={result.ok ? 'success' : 'error'}
          title={result.ok ? 'The journal holds: no sealed document was changed.' : 'A sealed document was changed after it was posted.'}
        />
      )}
      {result && (
        <Table<Chain>
          rowKey="series"
          pagination={false}
          scroll={{ x: true }}
          dataSource={result.chains}
          columns={[
            { title: 'Series', dataIndex: 'series', render: (s: Chain['series']) => sealedSeriesLabels[s] },
            { title: 'Documents checked', dataIndex: 'documents', align: 'right' },
            {
              title: 'Result',
              render: (_, c) => (c.firstBroken ? <Tag color="red">Broken</Tag> : <Tag color="green">Holds</Tag>),
            },
            { title: 'First document that no longer matches', render: (_, c) => c.firstBroken?.message ?? '' },
          ]}
        />
      )}
    </Space>
  );
}
