import { type FieldLabels, labelOf } from '@tillbook/contract';
import { DatePicker, Form, type FormInstance, Input, InputNumber, Select, TimePicker } from 'antd';
import dayjs from 'dayjs';
import type { z } from 'zod';
import type { FieldDef } from './fields.ts';
import { contractRules } from './form-errors.ts';
import { RefSelect } from './lookup.tsx';

/** What Form.Item hands its child: the control must pass it on to the real input. */
// biome-ignore lint/suspicious/noExplicitAny: antd's inputs each type value and onChange their own way; Form.Item hands any of them
type Control = { id?: string; value?: any; onChange?: (...args: any[]) => void };

function FieldInput({ field, ...control }: { field: FieldDef } & Control) {
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea rows={4} {...control} />;
    case 'password':
      return <Input.Password autoComplete="new-password" {...control} />;
    // no min, max or precision: the widget would quietly clamp or round what was typed (150 % → 100 %);
    // the value reaches the contract's check and is refused with the reason instead
    case 'number':
      return (
        <InputNumber
          style={{ width: '100%' }}
          step={field.step}
          suffix={field.suffix}
          placeholder={field.min !== undefined && field.max !== undefined ? `${field.min} – ${field.max}` : undefined}
          {...control}
        />
      );
    case 'money':
      return <InputNumber style={{ width: '100%' }} step={0.01} placeholder="0.00" {...control} />;
    case 'enum':
      return <Select options={field.options} {...control} />;
    case 'ref':
      return <RefSelect source={field} required={field.required} {...control} />;
    case 'refs':
      return <RefSelect source={field} required mode="multiple" {...control} />;
    case 'color':
      return <Input type="color" style={{ width: 96, padding: 2 }} {...control} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} {...control} />;
    case 'time':
      return <TimePicker format="HH:mm" style={{ width: '100%' }} {...control} />;
    default:
      return (
        <Input
          type={field.type === 'email' ? 'email' : 'text'}
          placeholder={'placeholder' in field ? field.placeholder : undefined}
          {...control}
        />
      );
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

/**
 * Puts validation messages (from the contract's schema or from the server) on their fields and clears
 * the others. Answers the labels of the fields that got one (for the notice) and the messages of
 * names the form has no field for, as 'Label text' (`labels`: the contract's own), for a notice.
 */
export function placeFieldErrors(
  form: FormInstance,
  errors: Record<string, string> | undefined,
  fields: FieldDef[],
  labels?: FieldLabels,
): { placed: string[]; unplaced: string[] } {
  const entries = Object.entries(errors ?? {});
  const label = (name: string) => fields.find((f) => f.name === name)?.label;
  form.setFields(
    fields.map((f) => {
      const text = errors?.[f.name];
      return { name: f.name, errors: text === undefined ? [] : [`${f.label} ${text}`] };
    }),
  );
  return {
    placed: fields.filter((f) => errors?.[f.name] !== undefined).map((f) => f.label),
    unplaced: entries.filter(([name]) => !label(name)).map(([name, text]) => `${labelOf(name, labels)} ${text}`),
  };
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

/** A field's widget value as it is sent. */
const wireValue = (field: FieldDef) => (value: unknown) => toWire([field], { [field.name]: value })[field.name];

/** The form of a resource; with `schema`, each field is checked as it is edited (a fixed field loses its error). */
export function ResourceForm({ form, fields, schema }: { form: FormInstance; fields: FieldDef[]; schema?: z.ZodObject }) {
  return (
    <Form form={form} name="resource" layout="vertical" requiredMark>
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          required={field.required}
          rules={contractRules(schema, field.name, field.label, wireValue(field))}
          initialValue={field.type === 'enum' ? field.initial : undefined}
        >
          <FieldInput field={field} />
        </Form.Item>
      ))}
    </Form>
  );
}
