import { InboxOutlined } from '@ant-design/icons';
import {
  type ProductImportMode,
  type ProductImportPreview,
  type ProductImportSummary,
  productCsvColumns,
  productCsvLabel,
  productCsvLabels,
  routes,
} from '@tillbook/contract';
import { Alert, Button, Card, List, Progress, Radio, Space, Table, Tag, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';

/** File lines sent per import request. */
export const sliceLines = 100;

type Preview = ProductImportPreview;
type PreviewRow = Preview['rows'][number];
type Summary = ProductImportSummary;

/** Row errors for people: "Sale price must be an amount; Brand no brand named 'X'". */
const reasons = (errors?: Record<string, string>) =>
  Object.entries(errors ?? {})
    .map(([field, text]) => `${productCsvLabel(field)} ${text}`)
    .join('; ');

const modeTexts: Record<ProductImportMode, string> = {
  create: 'Add new products only (a SKU that exists is refused)',
  upsert: 'Add new products and update existing ones (matched by SKU)',
};

/** "3 created, 1 updated, 2 unchanged, 0 failed" (updates only when the import may update). */
const summaryText = (summary: Summary, mode: ProductImportMode) =>
  [
    `${summary.created} created`,
    ...(mode === 'upsert' ? [`${summary.updated} updated`, `${summary.unchanged} unchanged`] : []),
    `${summary.failed.length} failed`,
  ].join(', ');

/** Fixed cells paint their own background: a bad row stays marked in them too. */
const badCell = (r: PreviewRow) => (r.ok ? undefined : { background: '#fff1f0' });

/** What the import will do with a row, and why not when it cannot. */
function RowOutcome({ row }: { row: PreviewRow }) {
  if (!row.ok) {
    return (
      <Space orientation="vertical" size={0}>
        <Tag color="red">Error</Tag>
        <Typography.Text type="danger">{reasons(row.errors)}</Typography.Text>
      </Space>
    );
  }
  if (row.action === 'create') return <Tag color="green">New</Tag>;
  if (row.action === 'unchanged') return <Tag>No change</Tag>;
  return (
    <Space orientation="vertical" size={0}>
      <Tag color="blue">Update</Tag>
      <Typography.Text type="secondary">{(row.changes ?? []).map(productCsvLabel).join(', ')}</Typography.Text>
    </Space>
  );
}

function formOf(file: File): FormData {
  const form = new FormData();
  form.set('file', file, file.name);
  return form;
}

/** Products from a CSV file: preview with the bad rows marked, then an import in slices with progress. */
export default function ProductImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ProductImportMode>('create');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);

  const reset = () => {
    setPreview(null);
    setSummary(null);
    setPercent(null);
    setError(null);
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    reset();
  };
  const chooseMode = (chosen: ProductImportMode) => {
    setMode(chosen);
    reset();
  };

  const runPreview = async (): Promise<Preview | null> => {
    if (!file) return null;
    setError(null);
    const answer = await api(routes.productCsv.import, { body: formOf(file), query: { query: 'preview', mode } });
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
      const total: Summary = { imported: 0, created: 0, updated: 0, unchanged: 0, failed: [] };
      setPercent(0);
      for (let from = 2; from <= lastLine; from += sliceLines) {
        const to = from + sliceLines - 1;
        const answer = await api(routes.productCsv.import, { body: formOf(file), query: { mode, fromLine: from, toLine: to } });
        if (answer.error !== undefined || !('imported' in answer.data)) {
          const error = answer.error ?? 'The import answered a preview';
          setError(`Lines ${from}–${Math.min(to, lastLine)}: ${error}`);
          setSummary({ ...total });
          return;
        }
        for (const key of ['imported', 'created', 'updated', 'unchanged'] as const) total[key] += answer.data[key];
        total.failed.push(...answer.data.failed);
        setPercent(Math.round(((Math.min(to, lastLine) - 1) / Math.max(1, lastLine - 1)) * 100));
      }
      setPercent(100);
      setSummary(total);
    } finally {
      setBusy(false);
    }
  };

  // only the columns the file has, labelled as the product screens label them
  const shown = productCsvColumns.filter((c) => preview?.rows.some((r) => c in r.values));

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
          A CSV file (UTF-8) whose first line names the columns, by the names below or by their labels (Sale price, Reorder level ...). A
          new product needs a name and a SKU. To change prices or stock, export the list, edit the file and import it with “update
          existing”: only the columns in the file are written, an empty cell keeps a name or a price and clears an optional value, and a
          changed quantity is recorded as a stock movement. The columns the import accepts:
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
        <Radio.Group
          aria-label="What the import does"
          value={mode}
          onChange={(e) => chooseMode(e.target.value)}
          style={{ display: 'flex', flexDirection: 'column', gap: 4, marginTop: 12 }}
        >
          {(Object.keys(modeTexts) as ProductImportMode[]).map((m) => (
            <Radio key={m} value={m}>
              {modeTexts[m]}
            </Radio>
          ))}
        </Radio.Group>
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
          <Typography.Paragraph strong>{summaryText(summary, mode)}</Typography.Paragraph>
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
          <Space style={{ marginBottom: 8 }} wrap>
            <Tag color="green">{`${preview.good} good`}</Tag>
            <Tag color="red">{`${preview.bad} bad`}</Tag>
            {mode === 'upsert' && (
              <>
                <Tag>{`${preview.rows.filter((r) => r.ok && r.action === 'create').length} new`}</Tag>
                <Tag>{`${preview.rows.filter((r) => r.ok && r.action === 'update').length} to update`}</Tag>
                <Tag>{`${preview.rows.filter((r) => r.ok && r.action === 'unchanged').length} unchanged`}</Tag>
              </>
            )}
          </Space>
          <Table<PreviewRow>
            rowKey="line"
            size="small"
            // the line and what happens to the row stay in view while the file's columns scroll between them
            scroll={{ x: 'max-content' }}
            tableLayout="auto"
            dataSource={preview.rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            rowClassName={(r) => (r.ok ? '' : 'import-row-bad')}
            onRow={(r) => ({ style: r.ok ? undefined : { background: '#fff1f0' } })}
            columns={[
              { key: 'line', title: 'Line', dataIndex: 'line', width: 56, fixed: 'left', onCell: (r) => ({ style: badCell(r) }) },
              ...shown.map((c) => ({
                key: c,
                title: productCsvLabels[c],
                render: (_: unknown, r: PreviewRow) =>
                  r.changes?.includes(c) ? <Typography.Text strong>{r.values[c] ?? ''}</Typography.Text> : (r.values[c] ?? ''),
              })),
              {
                key: 'outcome',
                title: 'Result',
                fixed: 'right',
                width: 170,
                onCell: (r) => ({
                  'data-testid': 'row-outcome',
                  style: { minWidth: 150, maxWidth: 220, whiteSpace: 'normal', ...badCell(r) },
                }),
                render: (_, r) => <RowOutcome row={r} />,
              },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
