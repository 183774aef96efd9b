import { useQueryClient } from '@tanstack/react-query';
import { type AnswerOf, customerName, type EndpointOf, routes, toCents } from '@tillbook/contract';
import { Button, Checkbox, Input, InputNumber, type InputRef, Select, Space, Table, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { moneyOfCents } from '../../../lib/format.ts';
import { notify } from '../../../lib/notices.tsx';
import { useSubmission } from '../../../lib/use-submission.ts';
import { keepSale, keptSale, returnedOffline } from './offline/local-sales.ts';
import { enqueue, serverReachable } from './offline/sale-queue.ts';
import { isCashMethod, type TillMethod, unreachable } from './till-data.ts';

type SaleDetail = AnswerOf<EndpointOf<typeof routes.sale.get>>;
type SaleLine = SaleDetail['singleSaleInvoice']['saleInvoiceProduct'][number];

/** The sale number a person types or a scanner reads from the receipt ("42", "#42", "Sale 42"). */
export const saleNumberOf = (text: string) => {
  const digits = /\d+/.exec(text)?.[0];
  return digits ? Number(digits) : undefined;
};

/** A till's receipt reference read from a receipt printed offline ("T1-20261127-0042", issue 33), else undefined. */
export const receiptReferenceOf = (text: string) => /^\s*(T\d+-\d{8}-\d+)\s*$/i.exec(text)?.[1]?.toUpperCase();

/** The id of the posted sale carrying a receipt reference (the server's search finds it), else undefined; null when the server could not be reached. */
async function saleIdOfReference(reference: string): Promise<number | undefined | null> {
  const found = await api(routes.sale.list, { query: { query: 'search', key: reference } });
  if (found.error !== undefined) return found.status === 0 ? null : undefined;
  return found.data.getAllSaleInvoice.find((s) => s.receiptReference === reference)?.id;
}

/** `quantity` of `sold`'s share of an amount, half up (as the server prorates). */
const share = (amount: number, sold: number, quantity: number) => Math.floor((amount * quantity) / sold + 0.5);

/**
 * What the return of `quantity` more of a line is worth, as the server values it: the line's net and
 * VAT prorated up to what will have come back, less what already has.
 */
export function returnValue(
  line: Pick<SaleLine, 'productQuantity' | 'productFinalAmount' | 'taxAmount' | 'returnedQuantity'>,
  quantity: number,
) {
  const after = line.returnedQuantity + quantity;
  const upTo = (amount: number, q: number) => share(toCents(amount), line.productQuantity, q);
  const of = (amount: number) => upTo(amount, after) - upTo(amount, line.returnedQuantity);
  return of(line.productFinalAmount) + of(line.taxAmount);
}

/**
 * Returns at the till: find the sale by its number (typed, or scanned from the receipt's barcode),
 * choose how many of each line come back (no more than sold minus already returned), the money handed
 * back and how, and send it.
 */
/** `tillSessionId`: the open session the return is made in (its cash refund leaves the till's drawer). */
export function ReturnPanel({ methods, tillSessionId }: { methods: TillMethod[]; tillSessionId?: number }) {
  const queryClient = useQueryClient();
  const finder = useRef<InputRef>(null);
  const [number, setNumber] = useState('');
  const [sale, setSale] = useState<SaleDetail | null>(null);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [refund, setRefund] = useState<number | null>(null);
  /** The customer came back without the invoice (issue 34: a till event). */
  const [withoutInvoice, setWithoutInvoice] = useState(false);
  const [refundMethod, setRefundMethod] = useState<number | undefined>();
  const submission = useSubmission();

  /** The sale to return from: the server's, or offline (or the server unreachable) one the till keeps. */
  async function lookUp(text: string): Promise<SaleDetail | string> {
    const reference = receiptReferenceOf(text);
    const number = reference ? undefined : saleNumberOf(text);
    if (!reference && !number) return 'Type or scan the sale number from the receipt';
    const kept = async () =>
      (await keptSale(reference ? { reference } : { number: number! })) ??
      `Offline, only the sales this till keeps can be returned: ${reference ?? `#${number}`} is not among them`;
    if (!serverReachable()) return kept();
    const id = reference ? await saleIdOfReference(reference) : number;
    if (id === null) return kept();
    if (!id) return `No posted sale ${reference} yet`;
    const answer = reference ? await api(routes.sale.get, { params: { id } }) : await api(routes.sale.getByNumber, { params: { id } });
    if (answer.error !== undefined) return answer.status === 0 ? kept() : answer.status === 404 ? `No sale #${id}` : answer.error;
    void keepSale(answer.data);
    return answer.data;
  }

  async function find(text: string) {
    const found = await lookUp(text);
    if (typeof found === 'string') {
      setSale(null);
      return notify.error(found);
    }
    setSale(found);
    setQuantities({});
    setRefund(null);
    setWithoutInvoice(false);
    // money back from the drawer: the shop's first cash method (the oldest, e.g. the till's own Cash)
    const drawer = methods.filter(isCashMethod).sort((a, b) => a.id - b.id)[0];
    setRefundMethod(drawer?.id ?? methods[0]?.id);
  }

  const lines = sale?.singleSaleInvoice.saleInvoiceProduct ?? [];
  const worth = useMemo(() => lines.reduce((s, l) => s + returnValue(l, quantities[l.id] ?? 0), 0), [lines, quantities]);
  // what the customer paid and has not had back: the most a refund may be
  const refundable = sale ? Math.max(0, toCents(sale.totalPaidAmount) - toCents(sale.instantPaidReturnAmount)) : 0;
  const suggested = Math.min(worth, refundable);
  const refundCents = refund === null ? suggested : Math.round(refund * 100);

  async function submit() {
    if (!sale) return;
    const picked = lines.filter((l) => (quantities[l.id] ?? 0) > 0);
    if (!picked.length) return notify.error('Choose how many of a line come back');
    const body = {
      saleInvoiceId: sale.singleSaleInvoice.id,
      ...(tillSessionId ? { tillSessionId } : {}),
      returnSaleInvoiceProduct: picked.map((l) => ({ saleInvoiceProductId: l.id, productQuantity: quantities[l.id]! })),
      instantReturnAmount: refundCents > 0 ? [{ amount: refundCents / 100, paymentType: refundMethod }] : [],
      ...(withoutInvoice ? { withoutInvoice: 'true' as const } : {}),
    };
    const offline = !serverReachable();
    let key = '';
    const answer = await submission.submit(body, (headers) => {
      key = headers['Idempotency-Key'];
      return offline ? Promise.resolve({ error: unreachable, status: 0 } as const) : api(routes.returnSale.create, { body }, { headers });
    });
    if (!answer) return;
    if (answer.error !== undefined && answer.status === 0 && tillSessionId) {
      // offline, or the answer lost: queued under its key, sent with the till's sales; counted into the kept sale now
      submission.renew();
      const label = `Return of #${sale.singleSaleInvoice.number}`;
      await enqueue({ kind: 'return', key, body, receiptReference: label, sessionId: tillSessionId });
      setSale(await returnedOffline(sale, quantities, refundCents));
      setQuantities({});
      setRefund(null);
      setWithoutInvoice(false);
      return notify.success(`${label} queued: it is posted when the till is back online`);
    }
    if (answer.error !== undefined) {
      const field = Object.entries(answer.fields ?? {}).map(([name, reason]) => {
        const index = /returnSaleInvoiceProduct\.(\d+)/.exec(name)?.[1];
        return index !== undefined && picked[Number(index)] ? `${picked[Number(index)]!.product.name}: ${reason}` : undefined;
      });
      return notify.error([answer.error, ...field.filter(Boolean)].join(' · '));
    }
    notify.success(answer.data.message);
    await queryClient.invalidateQueries();
    await find(String(sale.singleSaleInvoice.number));
    finder.current?.focus();
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Input.Search
        ref={finder}
        autoFocus
        aria-label="Sale number"
        placeholder="Sale number, or scan the receipt"
        enterButton="Find sale"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        onSearch={find}
        style={{ maxWidth: 420 }}
      />
      {sale && (
        <>
          <Typography.Text>
            {`Sale #${sale.singleSaleInvoice.number} · ${sale.singleSaleInvoice.date} · ${customerName(sale.singleSaleInvoice.customer)} · paid ${moneyOfCents(toCents(sale.totalPaidAmount))}`}
          </Typography.Text>
          <Table<SaleLine>
            size="small"
            aria-label="Sold lines"
            rowKey="id"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={lines}
            columns={[
              { key: 'product', title: 'Product', render: (_, l) => `${l.product.name} (${l.product.sku})` },
              { key: 'sold', title: 'Sold', align: 'right', dataIndex: 'productQuantity' },
              { key: 'returned', title: 'Returned', align: 'right', dataIndex: 'returnedQuantity' },
              {
                key: 'back',
                title: 'Back now',
                render: (_, l) => {
                  const left = l.productQuantity - l.returnedQuantity;
                  return (
                    <InputNumber
                      aria-label={`Return of ${l.product.name}`}
                      value={quantities[l.id] ?? null}
                      placeholder={`up to ${left}`}
                      disabled={left <= 0}
                      status={(quantities[l.id] ?? 0) > left ? 'error' : undefined}
                      style={{ width: 96 }}
                      onChange={(v) => {
                        setQuantities((q) => ({ ...q, [l.id]: Math.max(0, Math.floor(Number(v ?? 0))) }));
                        setRefund(null);
                      }}
                    />
                  );
                },
              },
              { key: 'worth', title: 'Value', align: 'right', render: (_, l) => moneyOfCents(returnValue(l, quantities[l.id] ?? 0)) },
            ]}
          />
          <Space wrap>
            <span>{`Goods back worth ${moneyOfCents(worth)}`}</span>
            <InputNumber
              aria-label="Refund amount"
              value={refundCents / 100}
              onChange={(v) => setRefund(v === null ? 0 : Number(v))}
              style={{ width: 120 }}
            />
            <Select
              aria-label="Refund by"
              value={refundMethod}
              onChange={setRefundMethod}
              options={methods.map((m) => ({ value: m.id, label: m.methodName }))}
              style={{ width: 140 }}
            />
            <Checkbox checked={withoutInvoice} onChange={(e) => setWithoutInvoice(e.target.checked)}>
              No invoice: the customer has no receipt
            </Checkbox>
            <Button type="primary" loading={submission.busy} onClick={submit}>
              Refund and return
            </Button>
          </Space>
          <Typography.Text type="secondary">{`At most ${moneyOfCents(refundable)} can be refunded: what the customer paid on this sale.`}</Typography.Text>
        </>
      )}
    </Space>
  );
}
