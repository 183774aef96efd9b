import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One figure of the dashboard, linking to the screen it comes from when there is one the role may open. */
export function Figure({ title, value, to, note }: { title: string; value: ReactNode; to?: string; note?: ReactNode }) {
  const body = (
    <>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <div style={{ fontSize: 24, fontWeight: 600 }} data-figure={title}>
        {value}
      </div>
      {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
    </>
  );
  return (
    <Card size="small" style={{ height: '100%' }}>
      {to ? (
        <Link to={to} aria-label={`${title}: open the figures behind it`} style={{ color: 'inherit', display: 'block' }}>
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}
