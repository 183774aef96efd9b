import { useQuery } from '@tanstack/react-query';
import { routes } from '@tillbook/contract';
import { Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { RecordHistory } from '../audit/RecordHistory.tsx';
import { PurchaseDetail } from './PurchaseDetail.tsx';

/** One purchase invoice on its own page (the books link a purchase's postings here), titled by its number. */
export default function PurchaseDetailPage() {
  const id = Number(useParams().id);
  // the same query as the detail below (one request): the title needs the purchase's number
  const detail = useQuery({ queryKey: ['purchase-invoice', id], queryFn: () => must(api(routes.purchaseInvoice.get, { params: { id } })) });
  return (
    <>
      <Typography.Title level={3}>{`Purchase #${detail.data?.singlePurchaseInvoice.number ?? ''}`}</Typography.Title>
      <p>
        <Link to="/admin/purchase-invoice">All purchase invoices</Link>
      </p>
      <PurchaseDetail id={id} />
      <RecordHistory entity="purchaseInvoice" id={id} />
    </>
  );
}
