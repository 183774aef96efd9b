import { useQueryClient } from '@tanstack/react-query';
import { routes, type TillRecord, toCents } from '@tillbook/contract';
import { Alert, Button, Card, Form, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import { notify } from '../../../lib/notices.tsx';
import { usePermissions } from '../../../lib/permissions.ts';
import { useSubmission } from '../../../lib/use-submission.ts';
import { queuedSales } from '../till/offline/sale-queue.ts';
import { CashModal } from './CashModal.tsx';
import { CloseModal } from './CloseModal.tsx';
import { deviceTillId, setDeviceTill, tillsKey, useTills } from './session-data.ts';

/** The till's open session as the sale screen needs it. */
export interface OpenSession {
  id: number;
  till: TillRecord;
}

/**
 * The till's day above the sale screen: this device's till (chosen once; a manager may change it), its session
 * (open it with the counted float first), and the session's actions: cash in and out, no sale, the X report and
 * the close. `children` (the sale screen) gets the open session; without one it is not shown.
 */
export function SessionBar({ children }: { children: (session: OpenSession) => React.ReactNode }) {
  const tills = useTills();
  const { can } = usePermissions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(deviceTillId);
  const [dialog, setDialog] = useState<'cash' | 'close' | null>(null);
  const [float, setFloat] = useState<number | null>(null);
  const opening = useSubmission();
  const noSale = useSubmission();

  // a failed refresh keeps what was read (offline, the till goes on selling in the session it knows)
  if (tills.error && !tills.data) return <Alert type="error" title={tills.error.message} />;
  if (!tills.data) return null;
  // a shop with one till never has to choose it
  const till = tills.data.find((t) => t.id === chosen) ?? (tills.data.length === 1 ? tills.data[0] : undefined);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tillsKey });

  if (!till)
    return (
      <Card title="Which till is this?" className="till-session-card">
        <Space wrap>
          <Select
            aria-label="This device's till"
            placeholder="Choose the till"
            style={{ minWidth: 200 }}
            options={tills.data.map((t) => ({ value: t.id, label: t.name }))}
            onChange={(id: number) => {
              setDeviceTill(id);
              setChosen(id);
            }}
          />
        </Space>
      </Card>
    );

  const change = can('update-till') && (
    <Button
      onClick={() => {
        setDeviceTill(null);
        setChosen(null);
      }}
    >
      Change till
    </Button>
  );

  if (!till.openSessionId) {
    async function open() {
      if (float === null) return notify.error('Opening float is required: count the cash in the drawer');
      const body = { tillId: till!.id, openingFloat: float };
      const answer = await opening.submit(body, (headers) => api(routes.tillSession.open, { body }, { headers }));
      if (!answer) return;
      if (answer.error !== undefined) return notify.error(answer.error);
      const difference = toCents(answer.data.floatDifference);
      notify.success(
        difference && answer.data.floatDifference !== answer.data.openingFloat
          ? `${till!.name} is open. The float differs from what was left by ${answer.data.floatDifference.toFixed(2)}`
          : `${till!.name} is open`,
      );
      await refresh();
    }
    return (
      <Card title={`Open the till first: ${till.name}`} className="till-session-card" extra={change}>
        <Form layout="inline" onFinish={() => void open()}>
          <Form.Item label="Opening float (counted)">
            <InputNumber aria-label="Opening float" min={0} step={0.01} precision={2} value={float} onChange={setFloat} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={opening.busy}>
            Open till
          </Button>
        </Form>
      </Card>
    );
  }

  const session = { id: till.openSessionId, till };
  async function drawer() {
    const answer = await noSale.submit({ at: Date.now() }, (headers) =>
      api(routes.tillSession.noSale, { params: { id: session.id } }, { headers }),
    );
    if (answer && answer.error !== undefined) notify.error(answer.error);
    else if (answer) notify.success('Drawer opened (no sale)');
    noSale.renew();
  }
  // a session closes only once every sale it made has reached the books (issue 33): the queue first
  async function close() {
    const waiting = (await queuedSales()).filter((s) => s.sessionId === session.id).length;
    if (waiting)
      return notify.error(
        `${waiting} ${waiting === 1 ? 'sale' : 'sales'} of this session ${waiting === 1 ? 'is' : 'are'} still waiting to be posted: close once the till is back online and they are sent`,
      );
    setDialog('close');
  }
  return (
    <>
      <section className="till-session-bar" aria-label="Till session">
        <Typography.Text strong>{till.name}</Typography.Text>
        <Tag color="green">{`Session #${session.id} open`}</Tag>
        <Space wrap>
          {can('create-tillCash') && <Button onClick={() => setDialog('cash')}>Cash in / out</Button>}
          <Button onClick={() => void drawer()}>No sale</Button>
          <Button onClick={() => navigate(`/admin/till-session/${session.id}`)}>X report</Button>
          <Button danger onClick={() => void close()}>
            Close till
          </Button>
          {change}
        </Space>
      </section>
      {children(session)}
      {dialog === 'cash' && <CashModal sessionId={session.id} onClose={() => setDialog(null)} />}
      {dialog === 'close' && (
        <CloseModal
          sessionId={session.id}
          onClose={() => setDialog(null)}
          onClosed={async () => {
            setDialog(null);
            await refresh();
            navigate(`/admin/till-session/${session.id}`);
          }}
        />
      )}
    </>
  );
}
