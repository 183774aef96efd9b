import { maxMatrixVariants, type ProductDetail, resources, routes } from '@tillbook/contract';
import { Alert, Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { useLookup } from '../../ui/resource/lookup.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';

/**
 * Makes a product's variants at once (`POST product-variant/matrix`): the colours and, per attribute, the
 * values chosen; every combination not made yet is made, with its SKU from the product's and the names.
 * The product's own colours and values start chosen.
 */
export function VariantMatrixForm({ product: p, onClose, onMade }: { product: ProductDetail; onClose: () => void; onMade: () => unknown }) {
  const colours = useLookup(refTo(resources.color));
  const attributes = useLookup(refTo(resources.productAttribute));
  const values = useLookup(refTo(resources.productAttributeValue));
  const [colorIds, setColorIds] = useState<number[]>(() => p.colors.map((c) => c.id));
  const [chosen, setChosen] = useState<number[]>(() => p.productAttributeValues.map((v) => v.id));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const activeValues = values.rows.filter((v) => v.status !== 'false' || chosen.includes(v.id));
  const groups = attributes.rows
    .map((a) => ({ id: a.id, name: attributes.labelOf(a), values: activeValues.filter((v) => Number(v.productAttributeId) === a.id) }))
    .filter((g) => g.values.length > 0);
  const lists = groups.map((g) => g.values.filter((v) => chosen.includes(v.id)).map((v) => v.id)).filter((l) => l.length > 0);
  const count = Math.max(colorIds.length, 1) * lists.reduce((n, l) => n * l.length, 1);
  const nothing = colorIds.length === 0 && lists.length === 0;

  async function make() {
    if (nothing) return setProblem('Choose at least one colour or one value');
    setBusy(true);
    setProblem(null);
    const answer = await api(routes.productVariant.matrix, {
      body: { productId: p.id, colorId: colorIds, productAttributeValueId: lists },
    });
    setBusy(false);
    if (answer.error !== undefined) return setProblem([answer.error, ...Object.values(answer.fields ?? {})].join(' · '));
    const made = answer.data.totalProductVariant;
    notify.success(made ? `${made} ${made === 1 ? 'variant' : 'variants'} made` : 'These variants were all made already');
    await onMade();
    onClose();
  }

  return (
    <Modal
      open
      title={`Make variants of ${p.name}`}
      okText={nothing ? 'Make variants' : `Make ${count} ${count === 1 ? 'variant' : 'variants'}`}
      okButtonProps={{ loading: busy, disabled: count > maxMatrixVariants }}
      onOk={() => void make()}
      onCancel={onClose}
      width="min(640px, calc(100vw - 32px))"
    >
      <Typography.Paragraph type="secondary">
        Every combination of the colours and one value of each attribute chosen is made once; those made already are kept.
      </Typography.Paragraph>
      <fieldset className="variant-choice">
        <legend>Colours</legend>
        <Checkbox.Group
          value={colorIds}
          onChange={(ids) => setColorIds(ids.map(Number))}
          options={colours.options(colorIds).map((o) => ({ value: Number(o.value), label: o.label }))}
        />
      </fieldset>
      {groups.map((g) => (
        <fieldset key={g.id} className="variant-choice">
          <legend>{g.name}</legend>
          <Checkbox.Group
            value={chosen.filter((id) => g.values.some((v) => v.id === id))}
            onChange={(ids) => setChosen((now) => [...now.filter((id) => !g.values.some((v) => v.id === id)), ...ids.map(Number)])}
            options={g.values.map((v) => ({ value: v.id, label: values.labelOf(v) }))}
          />
        </fieldset>
      ))}
      {count > maxMatrixVariants && <Alert type="warning" title={`At most ${maxMatrixVariants} variants at once`} />}
      {problem && <Alert type="error" role="alert" title={problem} />}
    </Modal>
  );
}
