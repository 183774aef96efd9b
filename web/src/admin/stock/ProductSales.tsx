import { useQuery } from '@tanstack/react-query';
import { costPermission, routes } from '@tillbook/contract';
import { DatePicker, Descriptions, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { money } from '../../ui/document/LinesTable.tsx';

const day = 'YYYY-MM-DD';

/**
 * What one product sold over a period of sale dates (all time until one is chosen): units sold and
 * sales value before VAT, net of returns, and the profit over the average cost when sold. The
 * figures are the product list's card for this one product.
 */
export function ProductSales({ productId }: { productId: number }) {
  const { can } = usePermissions();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const salesStartDate = range?.[0]?.format(day);
  const salesEndDate = range?.[1]?.format(day);
  const card = useQuery({
    queryKey: ['product-sales', productId, salesStartDate, salesEndDate],
    queryFn: () =>
      must(
        api(routes.product.list, {
          query: { query: 'card', status: 'true,false', productId: String(productId), salesStartDate, salesEndDate },
        }),
      ),
  });
  const figures = card.data && 'soldQuantity' in card.data ? card.data : undefined;
  return (
    <section aria-label="Sales">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Sales
        </Typography.Title>
        <DatePicker.RangePicker aria-label="Sale dates" allowEmpty={[true, true]} value={range} onChange={(r) => setRange(r)} />
      </Space>
      {card.error && <Typography.Text type="danger">{card.error.message}</Typography.Text>}
      <Descriptions column={{ xs: 1, sm: 3 }} bordered size="small" style={{ marginTop: 12 }} aria-label="Sales figures">
        <Descriptions.Item label="Units sold">{figures?.soldQuantity ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Sales value (before VAT)">{figures ? money(figures.salesValue) : ''}</Descriptions.Item>
        {can(costPermission) && <Descriptions.Item label="Profit">{figures ? money(figures.profit) : ''}</Descriptions.Item>}
      </Descriptions>
    </section>
  );
}
