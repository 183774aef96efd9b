import { auditedEntities } from '@tillbook/contract';
import { ResourceListPage, type ResourceScreen } from '../../ui/resource/ResourceListPage.tsx';
import { RecordHistory } from '../audit/RecordHistory.tsx';

const audited = new Set<string>(auditedEntities);

/** Turns a screen definition into a lazily loaded page component; a record the audit log follows shows its History when edited. */
export const pageFor = (screen: ResourceScreen) => () => (
  <ResourceListPage
    screen={screen}
    history={audited.has(screen.entity) ? (id) => <RecordHistory entity={screen.entity} id={id} /> : undefined}
  />
);
