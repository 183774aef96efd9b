import { type AnswerOf, type EndpointOf, type routes, tillEvents } from '@tillbook/contract';
import { Col, List, Row, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { instant } from '../../lib/format.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { money } from '../../ui/document/LinesTable.tsx';
import { actionName } from '../audit/audit-format.ts';

type Tills = AnswerOf<EndpointOf<typeof routes.dashboard.get>>['tills'];

/**
 * The till's day on the dashboard: the sessions open now, the last 30 days' till events (each a link to them in the
 * Activity) and counted variances per till and per cashier.
 */
export function TillFigures({ tills }: { tills: Tills }) {
  const { can } = usePermissions();
  const session = (id: number, text: string) =>
    can('readSingle-tillSession') ? <Link to={`/admin/till-session/${id}`}>{text}</Link> : text;
  const variances = (title: string, rows: Tills['variancesByTill']) => (
    <List
      size="small"
      header={<Typography.Text strong>{title}</Typography.Text>}
      dataSource={rows}
      locale={{ emptyText: 'No closed sessions' }}
      renderItem={(r) => (
        <List.Item extra={<Typography.Text type={r.variance < 0 ? 'danger' : undefined}>{money(r.variance)}</Typography.Text>}>
          {`${r.name} · ${r.sessions} ${r.sessions === 1 ? 'session' : 'sessions'}`}
        </List.Item>
      )}
    />
  );
  return (
    <section aria-label="Tills">
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Tills
        </Typography.Title>
        {tills.oversoldLines > 0 && (
          <Typography.Text type="warning" data-testid="oversold-lines">
            {`${tills.oversoldLines} sale ${tills.oversoldLines === 1 ? 'line' : 'lines'} sold below zero stock (offline tills): recount or reorder`}
          </Typography.Text>
        )}
        <Space wrap size="small" aria-label="Till events" data-testid="till-events">
          {tillEvents.map((event) => {
            const text = `${actionName(event)}: ${tills.events[event]}`;
            return can('readAll-auditLog') ? (
              <Link key={event} to={`/admin/activity?action=${event}`}>
                <Tag color={tills.events[event] ? 'orange' : 'default'}>{text}</Tag>
              </Link>
            ) : (
              <Tag key={event}>{text}</Tag>
            );
          })}
        </Space>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={8}>
            <List
              size="small"
              header={<Typography.Text strong>Open now</Typography.Text>}
              dataSource={tills.openSessions}
              locale={{ emptyText: 'No till is open' }}
              renderItem={(s) => (
                <List.Item extra={money(s.openingFloat)}>
                  {session(s.sessionId, `${s.tillName} · ${s.openedBy} · since ${instant(s.openedAt)}`)}
                </List.Item>
              )}
            />
          </Col>
          <Col xs={24} sm={12} lg={8}>
            {variances(`Variances by till, last ${tills.varianceDays} days`, tills.variancesByTill)}
          </Col>
          <Col xs={24} sm={12} lg={8}>
            {variances(`Variances by cashier, last ${tills.varianceDays} days`, tills.variancesByCashier)}
          </Col>
        </Row>
      </Space>
    </section>
  );
}
