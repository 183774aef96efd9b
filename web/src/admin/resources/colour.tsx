import { messages, resources } from '@tillbook/contract';
import type { ResourceScreen } from '../../ui/resource/ResourceListPage.tsx';

const c = resources.color;

export const colourScreen: ResourceScreen = {
  title: 'Colours',
  path: c.path,
  listName: c.listName,
  entity: c.entity,
  schema: c.input,
  deletion: c.deletion,
  columns: [
    { key: 'name', title: 'Name', sortable: true },
    { key: 'colorCode', title: 'Code', render: (row) => <span><span style={{ display: 'inline-block', width: 12, height: 12, background: String(row.colorCode), border: '1px solid #ccc', marginRight: 6 }} />{String(row.colorCode)}</span> },
  ],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    { name: 'colorCode', label: 'Colour', type: 'color', required: true },
  ],
  messages: {
    created: messages.colorAdded,
    createdMany: messages.colorsAdded,
    updated: messages.colorUpdated,
    activated: messages.colorStatus,
    hidden: messages.colorStatus,
    deleted: messages.colorStatus,
  },
};
