import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Select, TimePicker, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { http, must } from '../../lib/http.ts';
import type { FieldDef } from './fields.ts';

function RefSelect({ field, ...control }: { field: Extract<FieldDef, { type: 'ref' }> } & Control) {
  const options = useQuery({
    queryKey: ['options', field.path],
    queryFn: () => must(http.get<Record<string, Record<string, unknown>[]>>(`${field.path}?query=all`)),
  });
  const rows = options.data?.[`getAll${field.listName}`] ?? [];
  return (
    <Select
      {...control}
      loading={options.isLoading}
      showSearch
      optionFilterProp="label"
      allowClear={!field.required}
      options={rows.map((row) => ({ value: row.id as number, label: String(row[field.labelField]) }))}
    />
  );
}

/** What Form.Item hands its child: the control must pass it on to the real input. */
type Control = { id?: string; value?: any; onChange?: (...args: any[]) => void };

function FieldInput({ field, ...control }: { field: FieldDef } & Control) {
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea rows={4} {...control} />;
    case 'password':
      return <Input.Password autoComplete="new-password" {...control} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} min={field.min} max={field.max} step={field.step} {...control} />;
    case 'money':
      return <InputNumber style={{ width: '100%' }} min={0} step={0.01} precision={2} {...control} />;
    case 'enum':
      return <Select options={field.options} {...control} />;
    case 'ref':
      return <RefSelect field={field} {...control} />;
    case 'color':
      return <Input type="color" style={{ width: 96, padding: 2 }} {...control} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} {...control} />;
    case 'time':
      return <TimePicker format="HH:mm" style={{ width: '100%' }} {...control} />;
    default:
      return <Input type={field.type === 'email' ? 'email' : 'text'} placeholder={'placeholder' in field ? field.placeholder : undefined} {...control} />;
  }
}

/** Widget values → the wire shape (dates as YYYY-MM-DD, times as HH:mm). */
export function toWire(fields: FieldDef[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    let value = values[field.name];
    if (value === undefined) continue;
    if (field.type === 'date' && value) value = dayjs(value as string).format('YYYY-MM-DD');
    if (field.type === 'time' && value) value = dayjs(value as string).format('HH:mm');
    out[field.name] = value === null ? null : value;
  }
  return out;
}

/** A row from the wire → widget values. */
export function fromWire(fields: FieldDef[], row: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!row) return {};
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row[field.name];
    if (field.type === 'date' && value) out[field.name] = dayjs(value as string);
    else if (field.type === 'time' && value) out[field.name] = dayjs(`2000-01-01T${value as string}`);
    else out[field.name] = value;
  }
  return out;
}

/** Shows validation messages (from the contract's schema or from the server) on their fields. */
export function showFieldErrors(form: FormInstance, errors: Record<string, string> | undefined, fields: FieldDef[]): boolean {
  if (!errors) return false;
  const known = Object.entries(errors).filter(([name]) => fields.some((f) => f.name === name));
  form.setFields(known.map(([name, text]) => ({ name, errors: [`${fields.find((f) => f.name === name)!.label} ${text}`] })));
  return known.length > 0;
}

/** Checks the values with the contract's schema; answers field texts, or nothing when they pass. */
export function validate(schema: z.ZodObject | undefined, values: Record<string, unknown>): Record<string, string> | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

export function ResourceForm({ form, fields }: { form: FormInstance; fields: FieldDef[] }) {
  return (
    <Form form={form} name="resource" layout="vertical" requiredMark>
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label} required={field.required}>
          <FieldInput field={field} />
        </Form.Item>
      ))}
    </Form>
  );
}
