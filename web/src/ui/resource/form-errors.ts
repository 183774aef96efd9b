import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * A field's check against its contract schema, run by the form as the person edits: a field that
 * was refused loses its error once its value is right, and keeps it (with the new reason) while it
 * is still wrong. `wire` turns the widget's value into what is sent (a date as YYYY-MM-DD).
 */
export function contractRules(
  schema: z.ZodObject | undefined,
  name: string,
  label: string,
  wire: (value: unknown) => unknown = (value) => value,
): Rule[] {
  const field = schema?.shape[name] as z.ZodType | undefined;
  if (!field) return [];
  return [
    {
      validator: async (_rule, value) => {
        const result = field.safeParse(wire(value));
        if (!result.success) throw new Error(`${label} ${result.error.issues[0]?.message ?? 'is not valid'}`);
      },
    },
  ];
}

/** Brings the first field (in form order) that shows an error into view and puts the cursor in it. */
export function scrollToFirstError(form: FormInstance, names: readonly string[]): void {
  const first = names.find((name) => form.getFieldError(name).length > 0);
  if (first === undefined) return;
  form.scrollToField(first, { block: 'center', behavior: 'smooth', focus: true });
}

/** The notice of a refused save: which fields need fixing, by their labels. */
export function notSavedText(labels: readonly string[]): string {
  return `Not saved: ${labels.join(', ')} ${labels.length === 1 ? 'needs' : 'need'} fixing`;
}
