import { ResourceListPage, type ResourceScreen } from '../../ui/resource/ResourceListPage.tsx';

/** Turns a screen definition into a lazily loaded page component. */
export const pageFor = (screen: ResourceScreen) => () => <ResourceListPage screen={screen} />;
