import { records, routes } from '@tillbook/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { apiBase } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { getToken } from '../../lib/session.ts';

interface InvoiceMailForm {
  receiverEmail: string;
  subject?: string;
  body?: string;
}

/** Downloads the sale's A4 invoice as a PDF (sent with the bearer token). */
async function downloadPdf(saleId: number) {
  const token = getToken();
  const response = await fetch(`${apiBase}/${routes.invoiceMail.salePdf.path.replace(':id', String(saleId))}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) {
    notify.error('The PDF could not be made');
    return;
  }
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `invoice-${saleId}.pdf`;
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * "E-mail this invoice" and "Download PDF" on a sale: a small form (recipient taken from the customer's
 * e-mail when there is one) that puts the invoice PDF in the outbox.
 */
export function EmailInvoice({ saleId, number, customerId }: { saleId: number; number: number | null; customerId: number }) {
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<InvoiceMailForm>();

  async function openForm() {
    setOpen(true);
    form.setFieldsValue({ receiverEmail: '', subject: '', body: '' });
    if (!can('readSingle-customer')) return;
    const customer = await api(records.customer.statement, { params: { id: customerId } });
    if (customer.data?.email && !form.getFieldValue('receiverEmail')) form.setFieldsValue({ receiverEmail: customer.data.email });
  }

  async function send(values: InvoiceMailForm) {
    setSending(true);
    const result = await api(routes.invoiceMail.emailInvoice, {
      query: { type: 'saleinvoice' },
      body: { id: saleId, receiverEmail: values.receiverEmail, subject: values.subject, body: values.body },
    });
    setSending(false);
    if (result.error !== undefined) {
      if (result.fields)
        form.setFields(Object.entries(result.fields).map(([name, error]) => ({ name: name as keyof InvoiceMailForm, errors: [error] })));
      notify.error(result.error);
      return;
    }
    notify.success(result.data.message);
    setOpen(false);
  }

  return (
    <>
      {can('readSingle-saleInvoice') && <Button onClick={() => downloadPdf(saleId)}>Download PDF</Button>}
      {can('create-email') && <Button onClick={openForm}>E-mail this invoice</Button>}
      <Modal
        open={open}
        title={`E-mail invoice #${number}`}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText="Send"
        confirmLoading={sending}
        forceRender
      >
        <Form<InvoiceMailForm> form={form} layout="vertical" onFinish={send}>
          <Form.Item name="receiverEmail" label="Recipient" rules={[{ required: true, message: 'Recipient is required' }]}>
            <Input type="email" />
          </Form.Item>
          <Form.Item name="subject" label="Subject" extra="Empty: the shop's usual subject">
            <Input />
          </Form.Item>
          <Form.Item name="body" label="Message" extra="Empty: the shop's usual message">
            <Input.TextArea rows={4} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
