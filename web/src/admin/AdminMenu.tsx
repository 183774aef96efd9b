import {
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  DashboardOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { AutoComplete, Input, Menu, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';
import { allScreens } from './all-screens.ts';
import { dashboardPermission } from './landing.ts';
import { type NavGroup, navGroups } from './screens.ts';

const groupIcons: Record<NavGroup, ReactNode> = {
  Sell: <ShoppingCartOutlined />,
  Appointments: <CalendarOutlined />,
  Buy: <ShoppingOutlined />,
  Stock: <AppstoreOutlined />,
  'Online shop': <ShopOutlined />,
  Books: <BookOutlined />,
  Reports: <BarChartOutlined />,
  Staff: <TeamOutlined />,
  Settings: <SettingOutlined />,
};

const dashboard = { path: '/admin/dashboard', label: 'Dashboard' };
const groupKey = (group: NavGroup) => `group:${group}`;

/** The menu entries the user may open: each group's labelled screens (the Dashboard is added when the role may read it). */
function useEntries(can: (name: string) => boolean) {
  return useMemo(
    () =>
      navGroups
        .map((group) => ({
          group,
          screens: allScreens
            .filter((s) => s.group === group && s.label && can(s.permission))
            .map((s) => ({ path: `/admin/${s.path}`, label: s.label! })),
        }))
        .filter((g) => g.screens.length > 0),
    [can],
  );
}

/** The group of the screen on display (detail pages included), if any. */
function currentGroup(pathname: string): NavGroup | undefined {
  return allScreens.find((s) => matchPath(`/admin/${s.path}`, pathname))?.group;
}

/** Jumps to any screen the user may open: type to filter, Enter or click to go. */
function ScreenSearch({ entries, onNavigate }: { entries: { path: string; label: string; group?: string }[]; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const wanted = text.trim().toLowerCase();
  const found = entries
    .filter((e) => e.label.toLowerCase().includes(wanted) || e.group?.toLowerCase().includes(wanted))
    // the closest names first: an exact name, then names that start with the text
    .sort((a, b) => rank(a.label, wanted) - rank(b.label, wanted));
  return (
    <AutoComplete
      value={text}
      onChange={setText}
      onSelect={(path: string) => {
        setText('');
        navigate(path);
        onNavigate?.();
      }}
      options={found.map((e) => ({
        value: e.path,
        label: (
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <span>{e.label}</span>
            {e.group && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {e.group}
              </Typography.Text>
            )}
          </div>
        ),
      }))}
      defaultActiveFirstOption
      style={{ width: '100%' }}
      notFoundContent={wanted ? 'No screen by that name' : undefined}
    >
      <Input prefix={<SearchOutlined />} placeholder="Find a screen" aria-label="Find a screen" allowClear data-testid="admin-nav-search" />
    </AutoComplete>
  );
}

function rank(label: string, wanted: string) {
  const name = label.toLowerCase();
  if (name === wanted) return 0;
  return name.startsWith(wanted) ? 1 : 2;
}

/**
 * The admin navigation: a search box that jumps to any screen, the Dashboard, then the groups in the
 * order of a shop's day, each collapsible with its icon; the group of the screen on display is open.
 * Only screens the user may open are listed. `onNavigate` closes the phone drawer after a choice.
 */
export function AdminMenu({ can, onNavigate }: { can: (name: string) => boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const entries = useEntries(can);
  const current = currentGroup(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(current ? [groupKey(current)] : []);
  useEffect(() => {
    if (current) setOpenKeys((keys) => (keys.includes(groupKey(current)) ? keys : [...keys, groupKey(current)]));
  }, [current]);
  const link = (path: string, label: string) => (
    <Link to={path} onClick={onNavigate}>
      {label}
    </Link>
  );
  const withDashboard = can(dashboardPermission);
  const items = [
    ...(withDashboard ? [{ key: dashboard.path, icon: <DashboardOutlined />, label: link(dashboard.path, dashboard.label) }] : []),
    ...entries.map(({ group, screens }) => ({
      key: groupKey(group),
      icon: groupIcons[group],
      label: group,
      children: screens.map((s) => ({ key: s.path, label: link(s.path, s.label) })),
    })),
  ];
  const searchable = [
    ...(withDashboard ? [dashboard] : []),
    ...entries.flatMap(({ group, screens }) => screens.map((s) => ({ ...s, group }))),
  ];
  return (
    <>
      <div style={{ padding: '0 12px 8px' }}>
        <ScreenSearch entries={searchable} onNavigate={onNavigate} />
      </div>
      <Menu
        mode="inline"
        items={items}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        selectedKeys={[`/admin/${pathname.split('/')[2] ?? 'dashboard'}`]}
        style={{ borderInlineEnd: 0 }}
        data-testid="admin-nav"
      />
    </>
  );
}
