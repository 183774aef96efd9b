import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type EmailConfig, emailEncryptions, routes } from '@tillbook/contract';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';

interface SettingsForm {
  emailConfigName: string;
  emailHost: string;
  emailPort: number;
  emailUser?: string;
  emailPass?: string;
  emailEncryption: (typeof emailEncryptions)[number];
  fromName?: string;
  fromAddress: string;
}

const settingsKey = ['email-config'];

/** Adds or edits one set of settings; the password is never shown: left empty on edit, the stored one stays. */
function SettingsModal({ editing, onClose }: { editing: EmailConfig | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<SettingsForm>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const current = editing === 'new' ? undefined : editing;

  async function save(values: SettingsForm) {
    setSaving(true);
    const body = {
      ...values,
      emailUser: values.emailUser || null,
      fromName: values.fromName || null,
      // empty keeps the stored password on edit (and means none on a new one)
      emailPass: values.emailPass ? values.emailPass : current ? '' : null,
    };
    const result = current
      ? await api(routes.emailConfig.update, { params: { id: current.id }, body })
      : await api(routes.emailConfig.create, { body });
    setSaving(false);
    if (result.error !== undefined) {
      if (result.fields)
        form.setFields(Object.entries(result.fields).map(([name, error]) => ({ name: name as keyof SettingsForm, errors: [error] })));
      notify.error(result.error);
      return;
    }
    notify.success(current ? 'E-mail settings saved' : 'E-mail settings added');
    await queryClient.invalidateQueries({ queryKey: settingsKey });
    onClose();
  }

  return (
    <Modal
      open
      title={current ? `Edit ${current.emailConfigName}` : 'Add e-mail settings'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Save"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<SettingsForm>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={
          current
            ? { ...current, emailUser: current.emailUser ?? '', fromName: current.fromName ?? '', emailPass: '' }
            : { emailPort: 587, emailEncryption: 'STARTTLS' }
        }
      >
        <Form.Item name="emailConfigName" label="Settings name" rules={[{ required: true, message: 'Name is required' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="emailHost" label="SMTP host" rules={[{ required: true, message: 'SMTP host is required' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="emailPort" label="Port" rules={[{ required: true, message: 'Port is required' }]}>
          <InputNumber min={1} max={65535} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="emailEncryption" label="Encryption">
          <Select options={emailEncryptions.map((e) => ({ value: e, label: e }))} />
        </Form.Item>
        <Form.Item name="emailUser" label="User name">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="emailPass"
          label="Password"
          extra={current ? `Password: ${current.passwordSet === 'true' ? 'set' : 'not set'}. Leave empty to keep it.` : undefined}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="fromName" label="From name">
          <Input />
        </Form.Item>
        <Form.Item name="fromAddress" label="From address" rules={[{ required: true, message: 'From address is required' }]}>
          <Input type="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Sends a test mail with one set of settings and shows the SMTP server's own answer, as it came. */
function TestModal({ settings, onClose }: { settings: EmailConfig; onClose: () => void }) {
  const [to, setTo] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function send() {
    setSending(true);
    setOutcome(null);
    const result = await api(routes.emailConfig.test, { params: { id: settings.id }, body: { to } });
    setSending(false);
    if (result.error !== undefined) setOutcome({ ok: false, text: result.fields?.to ? `Recipient ${result.fields.to}` : result.error });
    else setOutcome({ ok: result.data.ok === 'true', text: result.data.serverAnswer });
  }

  return (
    <Modal open title={`Send a test mail with ${settings.emailConfigName}`} onCancel={onClose} footer={null} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input aria-label="Test recipient" type="email" placeholder="name@example.com" value={to} onChange={(e) => setTo(e.target.value)} />
        <Button type="primary" onClick={send} loading={sending} disabled={!to.trim()}>
          Send test mail
        </Button>
        {outcome && (
          <Alert
            role="status"
            type={outcome.ok ? 'success' : 'error'}
            message={outcome.ok ? 'The mail server took the mail' : 'The mail was not sent'}
            description={<Typography.Text code>{outcome.text}</Typography.Text>}
          />
        )}
      </Space>
    </Modal>
  );
}

/** The shop's named SMTP settings: list, add, edit, and a test send showing the server's answer. */
export default function EmailSettingsPage() {
  const { can } = usePermissions();
  const [editing, setEditing] = useState<EmailConfig | 'new' | null>(null);
  const [testing, setTesting] = useState<EmailConfig | null>(null);
  const list = useQuery({ queryKey: settingsKey, queryFn: () => must(api(routes.emailConfig.list)) });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          E-mail settings
        </Typography.Title>
        {can('create-emailConfig') && (
          <Button type="primary" onClick={() => setEditing('new')}>
            Add settings
          </Button>
        )}
      </Space>
      {list.error && <Alert type="error" message={list.error.message} />}
      <Table<EmailConfig>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.getAllEmailConfig ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', title: 'Name', dataIndex: 'emailConfigName' },
          { key: 'server', title: 'Server', render: (_, r) => `${r.emailHost}:${r.emailPort}` },
          { key: 'encryption', title: 'Encryption', dataIndex: 'emailEncryption' },
          { key: 'from', title: 'From', render: (_, r) => (r.fromName ? `${r.fromName} <${r.fromAddress}>` : r.fromAddress) },
          {
            key: 'password',
            title: 'Password',
            render: (_, r) => (r.passwordSet === 'true' ? <Tag color="green">set</Tag> : <Tag>not set</Tag>),
          },
          {
            key: 'actions',
            title: '',
            render: (_, r) =>
              can('update-emailConfig') && (
                <Space wrap>
                  <Button size="small" onClick={() => setEditing(r)}>
                    Edit
                  </Button>
                  <Button size="small" onClick={() => setTesting(r)}>
                    Send a test mail
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {editing && <SettingsModal editing={editing} onClose={() => setEditing(null)} />}
      {testing && <TestModal settings={testing} onClose={() => setTesting(null)} />}
    </Space>
  );
}
