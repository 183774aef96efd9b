import { useQueryClient } from '@tanstack/react-query';
import { customerName, type ProductRow, routes, toCents } from '@tillbook/contract';
import { Button, type InputRef, Modal, type RefSelectProps, Segmented, Space, Tag, Typography } from 'antd';
import { useEffect, useReducer, useRef, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { notify } from '../../../lib/notices.tsx';
import { usePermissions } from '../../../lib/permissions.ts';
import { currentUser, displayName } from '../../../lib/session.ts';
import { useBusinessDate } from '../../../lib/settings.ts';
import { useSubmission } from '../../../lib/use-submission.ts';
import { ProductFinder } from '../../../ui/document/ProductFinder.tsx';
import { type OpenSession, SessionBar } from '../session/SessionBar.tsx';
import { CartTable } from './CartTable.tsx';
import { type Completed, CompletedSale } from './CompletedSale.tsx';
import { CustomerPicker } from './CustomerPicker.tsx';
import { cartReducer, cartTotals, emptyCart, lineErrors, saleBody, settle } from './cart.ts';
import { HeldSales, heldKey, loadHeld } from './HeldSales.tsx';
import { productOfCopy, refreshCopy, tillSearch } from './offline/local-catalogue.ts';
import { refreshCustomers } from './offline/local-customers.ts';
import { keepSaleById } from './offline/local-sales.ts';
import { QueueStatus, useQueue } from './offline/QueueStatus.tsx';
import { queuedReceipt } from './offline/queued-receipt.ts';
import { nextReference } from './offline/reference.ts';
import { enqueue, serverReachable } from './offline/sale-queue.ts';
import { keepTillOffline } from './offline/service-worker.ts';
import { voidingDispatch, voidLines } from './offline/voids.ts';
import { ReturnPanel } from './ReturnPanel.tsx';
import { TenderPanel } from './TenderPanel.tsx';
import { TillTotals } from './TillTotals.tsx';
import { isCashMethod, tillProduct, unreachable, usePaymentMethods } from './till-data.ts';
import type { VariantChoice } from './till-variants.ts';
import { VariantPicker } from './VariantPicker.tsx';
import './till.css';
import { moneyOfCents } from '../../../lib/format.ts';

/** The till (`/admin/pos`): its day first (this device's till, its open session), then the sale screen. */
export default function TillPage() {
  // the queue is shown whether or not a session is open: sales made before a close may still wait to be sent
  const queue = useQueue();
  return (
    <>
      <QueueStatus queue={queue} />
      <SessionBar>{(session) => <TillScreen session={session} />}</SessionBar>
    </>
  );
}

/**
 * The sale screen, keyboard first: the scan box has the focus; a scanned or typed SKU and
 * Enter adds a line; F9 or Ctrl+Enter completes the sale with the tenders entered, F8 holds the cart,
 * F6 lists held sales, F7 switches to returns, F2 goes back to the scan box, F4 to the customer.
 */
function TillScreen({ session }: { session: OpenSession }) {
  const queryClient = useQueryClient();
  const [cart, dispatch] = useReducer(cartReducer, emptyCart);
  const { can } = usePermissions();
  const cartDispatch = voidingDispatch(cart.lines, dispatch, session.id);
  const [mode, setMode] = useState<'sale' | 'return'>('sale');
  const [heldOpen, setHeldOpen] = useState(false);
  const [done, setDone] = useState<Completed | null>(null);
  const [busy, setBusy] = useState<'complete' | 'hold' | null>(null);
  // one Idempotency-Key per sale: a second press while it is sent does nothing, a retry after a lost answer
  // sends the same key (the server answers the first sale), a changed cart or a new sale gets a new one
  const submission = useSubmission();
  const scanBox = useRef<InputRef>(null);
  const customerBox = useRef<RefSelectProps>(null);
  const methods = usePaymentMethods();
  const today = useBusinessDate();

  // the till's own methods when it lists them (the server refuses any other)
  const taken = session.till.paymentMethodIds;
  const methodList = (methods.data ?? []).filter((m) => !taken.length || taken.includes(m.id));
  const totals = cartTotals(cart.lines, cart.saleDiscount);
  const settled = settle(totals.total, cart.tenders, (id) => isCashMethod(methodList.find((m) => m.id === id)));
  const focusScan = () => setTimeout(() => scanBox.current?.focus(), 0);

  // offline (issue 33): the till keeps its copy of the catalogue current while it can, and sells from it when it cannot
  useEffect(() => {
    keepTillOffline(queryClient);
    const refresh = () => void refreshCopy().then((reached) => reached && refreshCustomers());
    refresh();
    const every = setInterval(() => serverReachable() && refresh(), 60_000);
    return () => clearInterval(every);
  }, [queryClient]);
  // a product sold by variants: a scanned variant is added at once, else its variants are offered to pick from
  const [picking, setPicking] = useState<{ name: string; choices: VariantChoice[] } | null>(null);
  async function addProduct(row: ProductRow) {
    const asked = serverReachable() ? await tillProduct(row.id) : unreachable;
    const product = asked === unreachable ? await productOfCopy(row.id, today) : asked;
    if (typeof product === 'string') return notify.error(`${row.name}: ${product}`);
    const { variants, ...plain } = product;
    if (variants || row.hasVariants === 'true') {
      const scanned = variants?.find((v) => v.product.variantId === row.scannedVariantId);
      if (!scanned) return setPicking({ name: product.name, choices: variants ?? [] });
      dispatch({ type: 'add', product: scanned.product, date: today });
    } else dispatch({ type: 'add', product: plain, date: today });
    focusScan();
  }
  function pickVariant(choice: VariantChoice) {
    setPicking(null);
    dispatch({ type: 'add', product: choice.product, date: today });
    focusScan();
  }

  // a sale not fully paid leaves a due: only a named customer can owe it, and the cashier says so first
  const [modal, modalHolder] = Modal.useModal();
  const asking = useRef(false);
  async function creditAgreed(due: number): Promise<boolean> {
    if (!cart.customer) {
      // a refusal like the server's: it goes once the cart is sold, held or cleared
      clearRefusal();
      refusal.current = notify.error(`${moneyOfCents(due)} is not paid: take the rest, or choose the customer who will owe it (F4)`);
      customerBox.current?.focus();
      return false;
    }
    asking.current = true;
    const agreed = await modal.confirm({
      title: 'Complete a sale not fully paid?',
      content: `${moneyOfCents(due)} stays due from ${cart.customer.name}.`,
      okText: 'Complete with due',
      cancelText: 'Back to payment',
    });
    asking.current = false;
    return agreed === true;
  }

  // a refusal's notice is about the cart on the till: it goes once that cart is held, sold or cleared
  const refusal = useRef<string | null>(null);
  function clearRefusal() {
    if (refusal.current) notify.dismiss(refusal.current);
    refusal.current = null;
  }

  function refused(answer: { error: string; fields?: Record<string, string> }) {
    const { byProduct, rest } = lineErrors(cart.lines, answer);
    dispatch({ type: 'errors', errors: byProduct });
    refusal.current = notify.error([answer.error, ...rest.filter((r) => !answer.error.includes(r))].join(' · '));
  }

  /**
   * Offline, or the server lost on the way (issue 33): the sale goes into the till's queue under its key, and the
   * cashier hands over the goods with the receipt reference; the server numbers it when the queue posts it.
   */
  async function queueSale(key: string, body: ReturnType<typeof saleBody> & { receiptReference: string; soldAt: string }) {
    await enqueue({ key, body, receiptReference: body.receiptReference, sessionId: session.id });
    clearRefusal();
    const sold = { reference: body.receiptReference, soldAt: body.soldAt, servedBy: displayName(currentUser()), change: settled.change };
    const methodName = (id: number) => String(methodList.find((m) => m.id === id)?.methodName ?? `method ${id}`);
    setDone({
      receipt: queuedReceipt(cart, sold, methodName),
      id: null,
      number: null,
      reference: body.receiptReference,
      change: settled.change,
      total: totals.total,
      paid: settled.paid,
      due: 0,
      customer: cart.customer?.name ?? '',
    });
    dispatch({ type: 'clear' });
  }

  async function complete() {
    if (busy || asking.current) return;
    if (!cart.lines.length) return notify.error('Scan a product first');
    if (settled.problem) return notify.error(settled.problem);
    const offline = !serverReachable();
    // offline the till knows a customer's due only as last read: a new due would be credit beyond it, which needs the server
    if (offline && settled.due > 0) return notify.error('Offline, a sale must be paid in full: a customer’s credit needs the server');
    if (offline && cart.heldId) return notify.error('A held sale is completed online only');
    if (settled.due > 0 && !(await creditAgreed(settled.due))) return;
    setBusy('complete');
    const { heldId } = cart;
    const body = {
      ...saleBody(cart, false, session.id),
      ...(heldId ? {} : { receiptReference: await nextReference(session.till.id, today), soldAt: new Date().toISOString() }),
      ...(offline ? { offline: 'true' as const } : {}),
    };
    let key = '';
    const answer = await submission.submit({ heldId, body }, (headers) => {
      key = headers['Idempotency-Key'];
      if (offline) return Promise.resolve({ error: unreachable, status: 0 } as const);
      return heldId
        ? api(routes.hold.complete, { params: { id: heldId }, body }, { headers })
        : api(routes.sale.create, { body }, { headers });
    });
    if (!answer) return; // already being sent: that submission clears `busy`
    setBusy(null);
    if (answer.error !== undefined && answer.status === 0 && !heldId && body.receiptReference && body.soldAt) {
      submission.renew();
      return queueSale(key, { ...body, receiptReference: body.receiptReference, soldAt: body.soldAt });
    }
    if (answer.error !== undefined) return refused(answer);
    clearRefusal();
    const invoice = answer.data.createdInvoice;
    setDone({
      id: invoice.id,
      number: invoice.number,
      reference: invoice.receiptReference ?? null,
      change: toCents(answer.data.change),
      total: totals.total,
      paid: settled.paid,
      due: toCents(invoice.dueAmount),
      customer: customerName(invoice.customer),
    });
    dispatch({ type: 'clear' });
    void queryClient.invalidateQueries();
    // kept for a return at this till while it is offline
    void keepSaleById(invoice.id);
  }

  async function hold() {
    if (busy) return;
    if (!serverReachable()) return notify.error('Holding a sale needs the server: unavailable offline');
    if (!cart.lines.length) return notify.error('Scan a product first');
    setBusy('hold');
    const body = saleBody(cart, true, session.id);
    const answer = await submission.submit({ heldFrom: cart.heldId, body }, (headers) => api(routes.sale.create, { body }, { headers }));
    if (!answer) return;
    if (answer.error === undefined && cart.heldId) await api(routes.hold.cancel, { body: { invoiceId: cart.heldId, status: 'false' } });
    setBusy(null);
    if (answer.error !== undefined) return refused(answer);
    clearRefusal();
    notify.success(`Sale held as #${answer.data.createdInvoice.id}`);
    dispatch({ type: 'clear' });
    void queryClient.invalidateQueries({ queryKey: heldKey });
    focusScan();
  }

  async function resume(id: number) {
    if (cart.lines.length) return notify.error('Hold or finish the sale on the till first');
    const held = await loadHeld(id);
    if (typeof held === 'string') return notify.error(held);
    dispatch({ type: 'resume', heldId: id, ...held });
    setHeldOpen(false);
    setMode('sale');
    setDone(null);
    focusScan();
  }

  function newSale() {
    // a cart cleared before its sale was completed is voided (a resumed held sale stays held: nothing is voided)
    if (!cart.heldId) void voidLines(cart.lines, session.id, true);
    clearRefusal();
    submission.renew();
    setDone(null);
    setMode('sale');
    dispatch({ type: 'clear' });
    focusScan();
  }

  // the till's keys, read by one listener that always sees the current handlers
  const keys = useRef({ complete, hold, newSale, mode, done });
  keys.current = { complete, hold, newSale, mode, done };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const k = keys.current;
      const selling = k.mode === 'sale' && !k.done;
      const act = (fn: () => void) => {
        event.preventDefault();
        fn();
      };
      if (selling && (event.key === 'F9' || ((event.ctrlKey || event.metaKey) && event.key === 'Enter'))) act(() => void k.complete());
      else if (selling && event.key === 'F8') act(() => void k.hold());
      else if (event.key === 'F6') act(() => setHeldOpen(true));
      else if (event.key === 'F7') act(() => setMode((m) => (m === 'sale' ? 'return' : 'sale')));
      else if (event.key === 'F2') act(() => (k.done ? k.newSale() : scanBox.current?.focus()));
      else if (selling && event.key === 'F4') act(() => customerBox.current?.focus());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="till">
      {modalHolder}
      <div className="till-bar">
        <Typography.Title level={3}>Till</Typography.Title>
        <Segmented
          aria-label="Till mode"
          value={mode}
          onChange={(value) => setMode(value as 'sale' | 'return')}
          options={[
            { value: 'sale', label: 'Sale' },
            { value: 'return', label: 'Return (F7)' },
          ]}
        />
        <Button onClick={() => setHeldOpen(true)}>Held sales (F6)</Button>
      </div>

      {mode === 'return' ? (
        <ReturnPanel methods={methodList} tillSessionId={session.id} />
      ) : done ? (
        <CompletedSale sale={done} onNewSale={newSale} />
      ) : (
        <div className="till-grid">
          <section className="till-cart" aria-label="Sale">
            <ProductFinder onAdd={addProduct} autoFocus inputRef={scanBox} search={tillSearch} />
            {cart.heldId && <Tag color="blue">{`Resumed held sale #${cart.heldId}`}</Tag>}
            <CartTable lines={cart.lines} dispatch={cartDispatch} mayTypePrice={can('create-priceOverride')} />
          </section>
          <aside className="till-side" aria-label="Customer and payment">
            <CustomerPicker
              customer={cart.customer}
              onChange={(customer) => dispatch({ type: 'customer', customer })}
              selectRef={customerBox}
            />
            <TillTotals
              totals={totals}
              saleDiscount={cart.saleDiscount}
              onSaleDiscount={(discount) => dispatch({ type: 'saleDiscount', discount })}
            />
            <TenderPanel methods={methodList} tenders={cart.tenders} total={totals.total} settled={settled} dispatch={dispatch} />
            <Space wrap>
              <Button type="primary" size="large" loading={busy === 'complete'} onClick={() => void complete()}>
                Complete sale (F9)
              </Button>
              <Button loading={busy === 'hold'} onClick={() => void hold()}>
                Hold (F8)
              </Button>
              <Button onClick={newSale} disabled={!cart.lines.length && !cart.heldId}>
                Clear
              </Button>
            </Space>
          </aside>
        </div>
      )}

      <VariantPicker
        name={picking?.name ?? null}
        choices={picking?.choices ?? []}
        onPick={pickVariant}
        onClose={() => {
          setPicking(null);
          focusScan();
        }}
      />
      <HeldSales open={heldOpen} onClose={() => setHeldOpen(false)} onResume={(id) => void resume(id)} />
      <p className="till-keys">
        <kbd>F2</kbd> scan box · <kbd>F4</kbd> customer · <kbd>F6</kbd> held sales · <kbd>F7</kbd> return · <kbd>F8</kbd> hold ·{' '}
        <kbd>F9</kbd> or <kbd>Ctrl</kbd>+<kbd>Enter</kbd> complete
      </p>
    </div>
  );
}
