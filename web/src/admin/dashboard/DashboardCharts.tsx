import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardData } from './dashboard-types.ts';

const sales = '#1677ff';
const profit = '#52c41a';
const purchases = '#fa8c16';

/** A chart's card: a heading, and a wrapper that names the chart for a screen reader. */
function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={<h4 style={{ fontSize: 16, margin: 0 }}>{title}</h4>}>
      <figure aria-label={title} style={{ width: '100%', height: 260, margin: 0 }}>
        <ResponsiveContainer width="100%" height="100%">
          {children as never}
        </ResponsiveContainer>
      </figure>
    </Card>
  );
}

const shortDay = (date: string) => date.slice(5);
const amount = (value: unknown) => Number(value ?? 0).toFixed(2);

/** The dashboard's charts (recharts, in this lazy chunk only): the days' sales and profit, sales against purchases, top products. */
export default function DashboardCharts({ data }: { data: DashboardData }) {
  // the profit is sent only to a role that may see what the goods cost
  const withProfit = data.totalProfit !== undefined;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <ChartCard title={withProfit ? 'Sales and profit over time' : 'Sales over time'}>
          <AreaChart data={data.daily} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} />
            <YAxis width={56} />
            <Tooltip formatter={amount} />
            <Legend />
            <Area isAnimationActive={false} type="monotone" dataKey="sales" name="Sales" stroke={sales} fill={sales} fillOpacity={0.15} />
            {withProfit && (
              <Area
                isAnimationActive={false}
                type="monotone"
                dataKey="profit"
                name="Profit"
                stroke={profit}
                fill={profit}
                fillOpacity={0.15}
              />
            )}
          </AreaChart>
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title="Sales against purchases per day">
          <BarChart data={data.daily} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} />
            <YAxis width={56} />
            <Tooltip formatter={amount} />
            <Legend />
            <Bar isAnimationActive={false} dataKey="sales" name="Sales" fill={sales} />
            <Bar isAnimationActive={false} dataKey="purchases" name="Purchases" fill={purchases} />
          </BarChart>
        </ChartCard>
      </Col>
      <Col xs={24}>
        <ChartCard title="Top products by sales">
          <BarChart data={data.topProducts} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" />
            <YAxis
              type="category"
              dataKey="name"
              width={120}
              tickFormatter={(name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name)}
            />
            <Tooltip formatter={amount} />
            <Legend />
            <Bar isAnimationActive={false} dataKey="sales" name="Sales" fill={sales} />
            {withProfit && <Bar isAnimationActive={false} dataKey="profit" name="Profit" fill={profit} />}
          </BarChart>
        </ChartCard>
      </Col>
    </Row>
  );
}
