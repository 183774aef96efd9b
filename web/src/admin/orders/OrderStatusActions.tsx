import { useQueryClient } from '@tanstack/react-query';
import { type OrderStatus, resources, routes } from '@tillbook/contract';
import { Alert, Button, Form, InputNumber, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';
import { moveLabels, statusLabels } from './order-format.tsx';
import { ShipOrderModal } from './ShipOrderModal.tsx';

const couriers = refTo(resources.courierMedium);

interface Props {
  orderId: number;
  /** The statuses the transition table allows next (the detail's `nextStatuses`). */
  next: OrderStatus[];
  deliveryFee: number;
  courierMediumId: number | null;
  /** The shopper's payment (not cash on delivery) is not accepted yet: the order cannot be received before. */
  paymentToVerify: boolean;
}

/**
 * The order's next steps as buttons: Receive asks for the courier and may change the delivery fee, Mark
 * shipped for the courier's tracking number (optional),
 * Cancel asks to be sure (the stock comes back, the postings are reversed), the others go at once.
 * A refusal (another desk moved it first) shows the server's words above the buttons.
 */
export function OrderStatusActions({ orderId, next, deliveryFee, courierMediumId, paymentToVerify }: Props) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState<OrderStatus | null>(null);
  const [receiving, setReceiving] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [courier, setCourier] = useState<number | undefined>(courierMediumId ?? undefined);
  const [fee, setFee] = useState<number | null>(deliveryFee);
  const [courierMissing, setCourierMissing] = useState(false);

  async function move(
    orderStatus: OrderStatus,
    extra: { courierMediumId?: number; deliveryFee?: number | null; trackingNumber?: string } = {},
  ) {
    setSaving(orderStatus);
    setRefusal(null);
    const result = await api(routes.order.setStatus, { body: { invoiceId: orderId, orderStatus, ...extra } });
    setSaving(null);
    // whatever the answer, the page shows the order as it now is
    await queryClient.invalidateQueries({ queryKey: ['cart-order', orderId] });
    await queryClient.invalidateQueries({ queryKey: ['list'] });
    if (result.error !== undefined) {
      setRefusal(result.error);
      return;
    }
    notify.success(result.data.message || `Order #${orderId} is ${statusLabels[orderStatus].toLowerCase()}`);
  }

  async function receive() {
    if (!courier) {
      setCourierMissing(true);
      return;
    }
    const changedFee = fee !== null && fee !== deliveryFee ? { deliveryFee: fee } : {};
    await move('RECEIVED', { courierMediumId: courier, ...changedFee });
    // done or refused, the dialog closes: a refusal shows above the order's buttons
    setReceiving(false);
  }

  function openReceive() {
    setCourier(courierMediumId ?? undefined);
    setFee(deliveryFee);
    setCourierMissing(false);
    setReceiving(true);
  }

  if (next.length === 0 && !refusal) return null;
  return (
    <section aria-label="Order actions">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {refusal && <Alert type="error" showIcon title={refusal} closable onClose={() => setRefusal(null)} />}
        {paymentToVerify && next.includes('RECEIVED') && (
          <Alert
            type="warning"
            showIcon
            title="The shopper's payment is not accepted yet: verify it under Manual payments before receiving the order."
          />
        )}
        <Space wrap>
          {next.map((status) => {
            if (status === 'RECEIVED') {
              return (
                <Button key={status} type="primary" onClick={openReceive}>
                  {moveLabels[status]}
                </Button>
              );
            }
            if (status === 'SHIPPED') {
              return (
                <Button key={status} type="primary" onClick={() => setShipping(true)}>
                  {moveLabels[status]}
                </Button>
              );
            }
            if (status === 'CANCELLED') {
              return (
                <Popconfirm
                  key={status}
                  title="Cancel this order? Its stock comes back and its postings are reversed."
                  okText="Cancel order"
                  cancelText="Keep it"
                  onConfirm={() => move(status)}
                >
                  <Button danger loading={saving === status}>
                    {moveLabels[status]}
                  </Button>
                </Popconfirm>
              );
            }
            return (
              <Button key={status} type="primary" loading={saving === status} onClick={() => move(status)}>
                {moveLabels[status]}
              </Button>
            );
          })}
        </Space>
      </Space>
      <ShipOrderModal
        orderId={orderId}
        open={shipping}
        saving={saving === 'SHIPPED'}
        onShip={async (trackingNumber) => {
          await move('SHIPPED', trackingNumber ? { trackingNumber } : {});
          // done or refused, the dialog closes: a refusal shows above the order's buttons
          setShipping(false);
        }}
        onCancel={() => setShipping(false)}
      />
      <Modal
        title={`Receive order #${orderId}`}
        open={receiving}
        okText="Receive"
        confirmLoading={saving === 'RECEIVED'}
        onOk={receive}
        onCancel={() => setReceiving(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label="Courier"
            required
            validateStatus={courierMissing ? 'error' : undefined}
            help={courierMissing ? 'Choose the courier who takes it' : undefined}
          >
            <RefSelect
              source={couriers}
              required
              aria-label="Courier"
              placeholder="Courier medium"
              value={courier}
              onChange={(v) => {
                setCourier(v as number | undefined);
                setCourierMissing(false);
              }}
            />
          </Form.Item>
          <Form.Item label="Delivery fee" extra={`Now ${money(deliveryFee)}; change it when the courier charges otherwise.`}>
            <InputNumber aria-label="Delivery fee" value={fee} onChange={(v) => setFee(v)} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
