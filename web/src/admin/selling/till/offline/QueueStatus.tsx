import { Button, List, Modal, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { onQueueChange, type QueuedSale, queuedSales, retrySale, serverReachable, syncQueue } from './sale-queue.ts';

/** The queue and the connection as the till shows them, kept current (a change in any tab, the network, the clock). */
export function useQueue() {
  const [sales, setSales] = useState<QueuedSale[]>([]);
  const [online, setOnline] = useState(serverReachable());
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    let live = true;
    const read = () =>
      void queuedSales().then((list) => {
        if (!live) return;
        setSales(list);
        setOnline(serverReachable());
      });
    read();
    const stop = onQueueChange(read);
    const tick = setInterval(() => {
      setNow(Date.now());
      setOnline(serverReachable());
    }, 1000);
    window.addEventListener('online', read);
    window.addEventListener('offline', read);
    void syncQueue();
    return () => {
      live = false;
      stop();
      clearInterval(tick);
      window.removeEventListener('online', read);
      window.removeEventListener('offline', read);
    };
  }, []);
  return { sales, online, now };
}

const age = (ms: number) => (ms < 60_000 ? `${Math.max(0, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`);

/**
 * Online or offline, the sales waiting to be posted and the oldest one's age, and those a manager must look at
 * (the server refused them): always in view on the till, so a queue is never left unseen.
 */
export function QueueStatus({ queue }: { queue: ReturnType<typeof useQueue> }) {
  const [open, setOpen] = useState(false);
  // voided lines go through the queue too (issue 34), but they are not sales the shop waits for
  const waiting = queue.sales.filter((s) => !s.problem && s.kind !== 'void');
  const attention = queue.sales.filter((s) => s.problem);
  return (
    <Space wrap data-testid="till-connection">
      <Tag color={queue.online ? 'green' : 'red'}>{queue.online ? 'Online' : 'Offline: selling from the till’s copy'}</Tag>
      {!queue.online && (
        <Typography.Text type="secondary" data-testid="till-offline-limits">
          Unavailable offline: sales on credit, held sales, returns of sales this till does not keep
        </Typography.Text>
      )}
      <Tag color={waiting.length ? 'orange' : 'default'} data-testid="till-queue">
        {waiting.length
          ? `${waiting.length} ${waiting.length === 1 ? 'sale' : 'sales'} waiting, oldest ${age(queue.now - waiting[0]!.queuedAt)}`
          : 'No sales waiting'}
      </Tag>
      {attention.length > 0 && (
        <Button danger size="small" onClick={() => setOpen(true)}>
          {`${attention.length} ${attention.length === 1 ? 'sale needs' : 'sales need'} attention`}
        </Button>
      )}
      <Modal open={open} title="Sales the server refused" footer={null} onCancel={() => setOpen(false)}>
        <List
          dataSource={attention}
          renderItem={(s) => (
            <List.Item actions={[<Button key="retry" onClick={() => void retrySale(s.key)}>{`Send ${s.receiptReference} again`}</Button>]}>
              {`${s.receiptReference}: ${s.problem}`}
            </List.Item>
          )}
        />
      </Modal>
    </Space>
  );
}
