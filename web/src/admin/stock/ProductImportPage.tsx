import { InboxOutlined } from '@ant-design/icons';
import { type ProductImportPreview, type ProductImportSummary, productCsvColumns, routes } from '@tillbook/contract';
import { Alert, Button, Card, List, Progress, Space, Table, Tag, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';

/** File lines sent per import request. */
export const sliceLines = 100;

type Preview = ProductImportPreview;
type PreviewRow = Preview['rows'][number];
type Summary = ProductImportSummary;

const reasons = (errors?: Record<string, string>) =>
  Object.entries(errors ?? {})
    .map(([field, text]) => `${field} ${text}`)
    .join('; ');

function formOf(file: File): FormData {
  const form = new FormData();
  form.set('file', file, file.name);
  return form;
}

/** Products from a CSV file: preview with the bad rows marked, then an import in slices with progress. */
export default function ProductImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setSummary(null);
    setPercent(null);
    setError(null);
  };

  const runPreview = async (): Promise<Preview | null> => {
    if (!file) return null;
    setError(null);
    const answer = await api(routes.productCsv.import, { body: formOf(file), query: { query: 'preview' } });
    if (answer.error !== undefined) {
      setError(answer.error);
      return null;
    }
    if (!('rows' in answer.data)) return null;
    setPreview(answer.data);
    return answer.data;
  };

  const onPreview = async () => {
    setBusy(true);
    setSummary(null);
    setPercent(null);
    try {
      await runPreview();
    } finally {
      setBusy(false);
    }
  };

  const onImport = async () => {
    if (!file) return;
    setBusy(true);
    setSummary(null);
    try {
      const checked = preview ?? (await runPreview());
      if (!checked) return;
      const lastLine = Math.max(1, ...checked.rows.map((r) => r.line));
      const total: Summary = { imported: 0, failed: [] };
      setPercent(0);
      for (let from = 2; from <= lastLine; from += sliceLines) {
        const to = from + sliceLines - 1;
        const answer = await api(routes.productCsv.import, { body: formOf(file), query: { fromLine: from, toLine: to } });
        if (answer.error !== undefined || !('imported' in answer.data)) {
          const error = answer.error ?? 'The import answered a preview';
          setError(`Lines ${from}–${Math.min(to, lastLine)}: ${error}`);
          setSummary({ ...total });
          return;
        }
        total.imported += answer.data.imported;
        total.failed.push(...answer.data.failed);
        setPercent(Math.round(((Math.min(to, lastLine) - 1) / Math.max(1, lastLine - 1)) * 100));
      }
      setPercent(100);
      setSummary(total);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Import products
        </Typography.Title>
        <Link to="/admin/product">Back to the product list</Link>
      </Space>
      <Card size="small" title="The file">
        <Typography.Paragraph>
          A CSV file (UTF-8) whose first line names the columns; name and sku are required. The columns the import accepts:
        </Typography.Paragraph>
        <Typography.Paragraph code copyable data-testid="sample-header">
          {productCsvColumns.join(',')}
        </Typography.Paragraph>
        <Upload.Dragger
          accept=".csv,text/csv"
          maxCount={1}
          fileList={file ? [{ uid: 'csv', name: file.name, status: 'done' } as UploadFile] : []}
          beforeUpload={(chosen) => {
            choose(chosen);
            return false;
          }}
          onRemove={() => choose(null)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>Click or drop a CSV file here</p>
        </Upload.Dragger>
        <Space style={{ marginTop: 12 }}>
          <Button onClick={onPreview} disabled={!file || busy}>
            Preview
          </Button>
          <Button type="primary" onClick={onImport} disabled={!file || busy} loading={busy && percent !== null}>
            Import
          </Button>
        </Space>
      </Card>
      {error && <Alert type="error" showIcon title={error} />}
      {percent !== null && (
        <Progress percent={percent} format={(p) => `${p}%`} aria-label="Import progress" data-testid="import-progress" />
      )}
      {summary && (
        <Card size="small" title="Summary" data-testid="import-summary">
          <Typography.Paragraph strong>{`${summary.imported} imported, ${summary.failed.length} failed`}</Typography.Paragraph>
          {summary.failed.length > 0 && (
            <List
              size="small"
              dataSource={summary.failed}
              renderItem={(f) => <List.Item>{`Line ${f.line}: ${reasons(f.errors)}`}</List.Item>}
            />
          )}
          <Link to="/admin/product">Back to the product list</Link>
        </Card>
      )}
      {preview && (
        <Card size="small" title="Preview" data-testid="import-preview">
          <Space style={{ marginBottom: 8 }}>
            <Tag color="green">{`${preview.good} good`}</Tag>
            <Tag color="red">{`${preview.bad} bad`}</Tag>
          </Space>
          <Table<PreviewRow>
            rowKey="line"
            size="small"
            scroll={{ x: true }}
            dataSource={preview.rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            rowClassName={(r) => (r.ok ? '' : 'import-row-bad')}
            onRow={(r) => ({ style: r.ok ? undefined : { background: '#fff1f0' } })}
            columns={[
              { key: 'line', title: 'Line', dataIndex: 'line', width: 70 },
              { key: 'state', title: '', width: 60, render: (_, r) => (r.ok ? <Tag color="green">OK</Tag> : <Tag color="red">Bad</Tag>) },
              ...productCsvColumns.map((c) => ({ key: c, title: c, render: (_: unknown, r: PreviewRow) => r.values[c] ?? '' })),
              { key: 'errors', title: 'Errors', render: (_, r) => <Typography.Text type="danger">{reasons(r.errors)}</Typography.Text> },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
