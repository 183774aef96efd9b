import { Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { PurchaseDetail } from './PurchaseDetail.tsx';

/** One purchase invoice on its own page (the books link a purchase's postings here). */
export default function PurchaseDetailPage() {
  const id = Number(useParams().id);
  return (
    <>
      <Typography.Title level={3}>Purchase #{id}</Typography.Title>
      <p>
        <Link to="/admin/purchase-invoice">All purchase invoices</Link>
      </p>
      <PurchaseDetail id={id} />
    </>
  );
}
