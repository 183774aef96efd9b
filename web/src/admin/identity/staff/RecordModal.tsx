import { Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { Result } from '../../../lib/http.ts';
import { notify } from '../../../lib/notices.tsx';
import type { FieldDef } from '../../../ui/resource/fields.ts';
import { notSavedText, scrollToFirstError } from '../../../ui/resource/form-errors.ts';
import { fromWire, placeFieldErrors, ResourceForm, toWire, validate } from '../../../ui/resource/ResourceForm.tsx';

interface Props {
  title: string;
  /** The row being edited, `{}` (or defaults) for a new one; undefined: closed. */
  row: Record<string, unknown> | undefined;
  fields: FieldDef[];
  schema?: z.ZodObject;
  onClose: () => void;
  /** Sends the values; a refusal's field texts land on their fields. */
  onSave: (values: Record<string, unknown>) => Promise<Result<unknown>>;
  saved: string;
}

/** A record of the staff page added or edited in place: the contract's checks first, then the server's. */
export function RecordModal({ title, row, fields, schema, onClose, onSave, saved }: Props) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!row) return;
    form.resetFields();
    form.setFieldsValue(fromWire(fields, row));
  }, [row, fields, form]);

  function refused(errors: Record<string, string> | undefined, message?: string) {
    const { placed, unplaced } = placeFieldErrors(form, errors, fields);
    if (placed.length) {
      scrollToFirstError(
        form,
        fields.map((f) => f.name),
      );
      notify.error(notSavedText(placed));
    } else if (!unplaced.length && message) notify.error(message);
    if (unplaced.length) notify.error(unplaced.join('; '));
  }

  async function save() {
    const values = toWire(fields, form.getFieldsValue(true));
    for (const f of fields) if (values[f.name] === undefined && row?.[f.name] != null) values[f.name] = null;
    const invalid = validate(schema, values);
    if (invalid) return refused(invalid);
    setSaving(true);
    const result = await onSave(values);
    setSaving(false);
    if (result.error !== undefined) return refused(result.fields, result.error);
    notify.success(saved);
    onClose();
  }

  return (
    <Modal open={row !== undefined} title={title} onCancel={onClose} onOk={save} okText="Save" confirmLoading={saving} destroyOnHidden>
      <ResourceForm form={form} fields={fields} schema={schema} />
    </Modal>
  );
}
