import { denominationsOf, fromCents, routes, toCents } from '@tillbook/contract';
import { Alert, Form, InputNumber, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { moneyOfCents } from '../../../lib/format.ts';
import { notify } from '../../../lib/notices.tsx';
import { useSettings } from '../../../lib/settings.ts';
import { useSubmission } from '../../../lib/use-submission.ts';
import { isCashMethod, usePaymentMethods } from '../till/till-data.ts';
import { useSessionReport } from './session-data.ts';

/**
 * The counted close: the drawer's cash counted note by note and coin by coin, each other method from the terminal's
 * slip, and the float left for tomorrow. Blind: what the till expected is shown only to who may see it before
 * counting (the server leaves it out for the others); everyone sees it on the Z.
 */
export function CloseModal({ sessionId, onClose, onClosed }: { sessionId: number; onClose: () => void; onClosed: () => void }) {
  const report = useSessionReport(sessionId);
  const methods = usePaymentMethods();
  const settings = useSettings();
  const denominations = denominationsOf(settings.data?.cashDenominations ?? '');
  const [pieces, setPieces] = useState<Record<string, number>>({});
  const [slips, setSlips] = useState<Record<number, number>>({});
  const [floatLeft, setFloatLeft] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submission = useSubmission();

  if (!report.data || !methods.data)
    return (
      <Modal open title="Close the till" footer={null} onCancel={onClose}>
        {report.error ? <Alert type="error" title={report.error.message} /> : <Spin />}
      </Modal>
    );
  const cashIds = new Set(methods.data.filter(isCashMethod).map((m) => m.id));
  const lines = report.data.byPaymentMethod;
  const drawerMethod = lines.find((m) => cashIds.has(m.paymentMethodId));
  const cashCounted = denominations.reduce((sum, d) => sum + toCents(d) * (pieces[String(d)] ?? 0), 0);

  async function close() {
    const counted = lines
      .filter((m) => m === drawerMethod || !cashIds.has(m.paymentMethodId))
      .map((m) => ({
        paymentMethodId: m.paymentMethodId,
        amount: m === drawerMethod ? fromCents(cashCounted) : (slips[m.paymentMethodId] ?? 0),
      }));
    const body = { counted, floatLeft: floatLeft ?? 0 };
    const answer = await submission.submit(body, (headers) =>
      api(routes.tillSession.close, { params: { id: sessionId }, body }, { headers }),
    );
    if (!answer) return;
    if (answer.error !== undefined) return setRefusal(answer.error);
    notify.success(`Closed: Z ${answer.data.zNumber}`);
    onClosed();
  }

  return (
    <Modal
      open
      title="Close the till"
      okText="Close and print Z"
      onOk={() => void close()}
      confirmLoading={submission.busy}
      onCancel={onClose}
    >
      {refusal && <Alert type="error" title={refusal} style={{ marginBottom: 12 }} />}
      <Form layout="vertical">
        {drawerMethod && (
          <fieldset className="till-count" aria-label="Cash in the drawer">
            <legend>{`${drawerMethod.name}: count the drawer`}</legend>
            <div className="till-count-grid">
              {denominations.map((d) => (
                <div key={d} className="till-count-piece">
                  <span>{d >= 1 ? `$${d}` : `${Math.round(d * 100)}¢`}</span>
                  <InputNumber
                    aria-label={`Pieces of ${d}`}
                    min={0}
                    precision={0}
                    value={pieces[String(d)] ?? null}
                    onChange={(n) => setPieces((p) => ({ ...p, [String(d)]: n ?? 0 }))}
                  />
                </div>
              ))}
            </div>
            <Typography.Text strong data-testid="cash-counted">{`Counted ${moneyOfCents(cashCounted)}`}</Typography.Text>
            {drawerMethod.expected !== null && (
              <Typography.Text type="secondary">{` · expected ${moneyOfCents(toCents(drawerMethod.expected))}`}</Typography.Text>
            )}
          </fieldset>
        )}
        {lines
          .filter((m) => !cashIds.has(m.paymentMethodId))
          .map((m) => (
            <Form.Item
              key={m.paymentMethodId}
              label={`${m.name} (terminal slip)`}
              extra={m.expected !== null ? `expected ${m.expected.toFixed(2)}` : undefined}
            >
              <InputNumber
                aria-label={`${m.name} counted`}
                min={0}
                step={0.01}
                precision={2}
                value={slips[m.paymentMethodId] ?? null}
                onChange={(n) => setSlips((s) => ({ ...s, [m.paymentMethodId]: n ?? 0 }))}
                style={{ width: '100%' }}
              />
            </Form.Item>
          ))}
        <Form.Item label="Float left in the drawer for tomorrow">
          <InputNumber
            aria-label="Float left"
            min={0}
            step={0.01}
            precision={2}
            value={floatLeft}
            onChange={setFloatLeft}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
