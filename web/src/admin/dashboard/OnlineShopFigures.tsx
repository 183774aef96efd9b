import type { AnswerOf, EndpointOf, routes } from '@tillbook/contract';
import { Col, Row, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { usePermissions } from '../../lib/permissions.ts';
import { money } from '../../ui/document/LinesTable.tsx';
import { deskStatuses, statusColours, statusLabels } from '../orders/order-format.tsx';
import { Figure } from './Figure.tsx';

type Online = AnswerOf<EndpointOf<typeof routes.dashboard.get>>['online'];

/**
 * The online shop over the dashboard's range: orders placed (cancelled ones apart), their total and due,
 * the returns asked for (rejected ones apart) and what they give back, their profit for a role that may see it,
 * and how many are in each status now, each opening the order
 * list on those orders when the role may read it.
 */
export function OnlineShopFigures({ online, dates }: { online: Online; dates: string }) {
  const { can } = usePermissions();
  const list = (status?: string) =>
    can('readAll-cartOrder') ? `/admin/cart-order?${[status ? `orderStatus=${status}` : '', dates].filter(Boolean).join('&')}` : undefined;
  const returns = can('readAll-returnCartOrder') ? `/admin/return-cart-order${dates ? `?${dates}` : ''}` : undefined;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return (
    <section aria-label="Online shop">
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Online shop
        </Typography.Title>
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12} lg={6}>
            <Figure
              title="Web orders"
              value={online.totalOrder}
              to={list()}
              note={`${plural(online.totalCancelledOrder, 'cancelled order')} apart`}
            />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Figure
              title="Web order total"
              value={money(online.totalOrderAmount)}
              to={list()}
              note={`Due ${money(online.totalOrderDue)}`}
            />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Figure
              title="Web returns"
              value={online.totalReturn}
              to={returns}
              note={`${money(online.totalReturnAmount)}, ${online.pendingReturn} waiting for the goods`}
            />
          </Col>
          {online.totalOrderProfit !== undefined && (
            <Col xs={24} sm={12} lg={6}>
              <Figure title="Web order profit" value={money(online.totalOrderProfit)} to={list()} note="Cancelled orders left out" />
            </Col>
          )}
        </Row>
        <Space wrap aria-label="Web orders per status">
          {deskStatuses.map((status) => {
            const text = `${statusLabels[status]}: ${online.byStatus[status] ?? 0}`;
            const to = list(status);
            return (
              <Tag key={status} color={statusColours[status]}>
                {to ? (
                  <Link to={to} style={{ color: 'inherit', textDecoration: 'underline' }}>
                    {text}
                  </Link>
                ) : (
                  text
                )}
              </Tag>
            );
          })}
        </Space>
      </Space>
    </section>
  );
}
