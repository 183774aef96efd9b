import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

interface Props {
  orderId: number;
  open: boolean;
  saving: boolean;
  /** Ships the order, with the courier's tracking number when one was typed. */
  onShip: (trackingNumber?: string) => Promise<void>;
  onCancel: () => void;
}

/** "Mark shipped" asks for the courier's tracking number (optional): the shopper sees it on their order. */
export function ShipOrderModal({ orderId, open, saving, onShip, onCancel }: Props) {
  const [tracking, setTracking] = useState('');
  return (
    <Modal
      title={`Ship order #${orderId}`}
      open={open}
      okText="Mark shipped"
      confirmLoading={saving}
      onOk={() => onShip(tracking.trim() || undefined)}
      onCancel={onCancel}
      afterClose={() => setTracking('')}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => onShip(tracking.trim() || undefined)}>
        <Form.Item label="Tracking number" extra="Optional: the courier's number for the parcel. The shopper sees it on their order.">
          <Input aria-label="Tracking number" value={tracking} maxLength={60} onChange={(e) => setTracking(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
