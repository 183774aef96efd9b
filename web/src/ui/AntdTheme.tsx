import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import 'antd/dist/antd.css';

/** A person who asked their system for less motion gets no opening, closing or sliding animations. */
const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** The shop's antd theme, around every page that uses antd (the admin area, the login, the catalogue and product pages). */
export function AntdTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={{ zeroRuntime: true, token: { colorPrimary: '#2f6f4f', borderRadius: 6, motion: !reducedMotion } }}>
      {children}
    </ConfigProvider>
  );
}
