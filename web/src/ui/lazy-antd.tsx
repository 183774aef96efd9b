import { type ComponentType, lazy } from 'react';

/**
 * A lazily loaded page that uses antd, shown inside the shop's antd theme. The theme (antd's
 * ConfigProvider) is loaded beside the page, so the entry and the storefront home load no antd.
 */
export function lazyAntd<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Page, { AntdTheme }] = await Promise.all([load(), import('./AntdTheme.tsx')]);
    return {
      default: (props: P) => (
        <AntdTheme>
          <Page {...props} />
        </AntdTheme>
      ),
    };
  });
}
