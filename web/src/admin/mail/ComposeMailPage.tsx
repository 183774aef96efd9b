import { useQuery, useQueryClient } from '@tanstack/react-query';
import { freeFormMailFields, routes } from '@tillbook/contract';
import { Button, Form, Input, Select, Space, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';

interface ComposeForm {
  emailConfigName?: string;
  receiverEmail: string;
  cc?: string;
  bcc?: string;
  subject: string;
  body: string;
}

/** A mail written by staff: recipients, copies, subject, an HTML body and files; it goes to the outbox. */
export default function ComposeMailPage() {
  const { can } = usePermissions();
  const [form] = Form.useForm<ComposeForm>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['email-config'],
    queryFn: () => must(api(routes.emailConfig.list)),
    enabled: can('readAll-emailConfig'),
  });
  const active = (settings.data?.getAllEmailConfig ?? []).filter((s) => s.status === 'true');

  async function send(values: ComposeForm) {
    const body = new FormData();
    const f = freeFormMailFields;
    body.append(f.to, values.receiverEmail);
    if (values.cc) body.append(f.cc, values.cc);
    if (values.bcc) body.append(f.bcc, values.bcc);
    body.append(f.subject, values.subject);
    body.append(f.body, values.body);
    for (const file of files) if (file.originFileObj) body.append(f.attachment, file.originFileObj, file.name);
    setSending(true);
    const result = await api(routes.email.send, { body, query: { emailConfigName: values.emailConfigName } });
    setSending(false);
    if (result.error !== undefined) {
      if (result.fields)
        form.setFields(Object.entries(result.fields).map(([name, error]) => ({ name: name as keyof ComposeForm, errors: [error] })));
      notify.error(result.error);
      return;
    }
    notify.success(result.data.message);
    await queryClient.invalidateQueries({ queryKey: ['outbox'] });
    if (can('readAll-email')) navigate('/admin/outbox');
    else {
      form.resetFields();
      setFiles([]);
    }
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Write an e-mail
        </Typography.Title>
        {can('readAll-email') && <Link to="/admin/outbox">Outbox</Link>}
      </Space>
      <Form<ComposeForm> form={form} layout="vertical" onFinish={send}>
        {can('readAll-emailConfig') && (
          <Form.Item name="emailConfigName" label="Send with" extra="Empty: the shop's first active settings">
            <Select
              allowClear
              loading={settings.isLoading}
              options={active.map((s) => ({ value: s.emailConfigName, label: `${s.emailConfigName} (${s.fromAddress})` }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="receiverEmail"
          label="To"
          rules={[{ required: true, message: 'To is required' }]}
          extra="Addresses separated by commas"
        >
          <Input />
        </Form.Item>
        <Form.Item name="cc" label="Cc">
          <Input />
        </Form.Item>
        <Form.Item name="bcc" label="Bcc">
          <Input />
        </Form.Item>
        <Form.Item name="subject" label="Subject" rules={[{ required: true, message: 'Subject is required' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="body" label="Message" rules={[{ required: true, message: 'Message is required' }]} extra="Sent as HTML">
          <Input.TextArea rows={8} />
        </Form.Item>
        <Form.Item label="Attachments">
          <Upload multiple fileList={files} beforeUpload={() => false} onChange={({ fileList }) => setFiles(fileList)}>
            <Button>Add files</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending}>
          Send
        </Button>
      </Form>
    </Space>
  );
}
