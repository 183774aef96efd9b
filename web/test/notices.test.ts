import { createElement, isValidElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import toast, { type DefaultToastOptions, type Toast, Toaster, useToasterStore } from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { loadNotices, notify } from '../src/lib/notices.tsx';
import { maxNotices, noticeDurations, noticePosition, ToasterNotices, toasterOptions } from '../src/lib/toaster.tsx';

/** What the toaster holds right now, with the durations it would apply under the given options. */
function held(options?: DefaultToastOptions): Toast[] {
  let toasts: Toast[] = [];
  function Probe() {
    toasts = useToasterStore(options).toasts;
    return null;
  }
  renderToString(createElement(Probe));
  return toasts;
}

afterEach(() => toast.remove());

// first, while the toaster has not been fetched yet (it is not in the first load)
test('notices given before the toaster has arrived are shown once it has, and can be dismissed by their id', async () => {
  const gone = notify.info('early and dismissed');
  notify.error('early');
  notify.dismiss(gone);
  await loadNotices();
  expect(held(toasterOptions).map((t) => [t.type, t.message, t.visible])).toEqual([
    ['error', 'early', true],
    ['blank', 'early and dismissed', false],
  ]);
});

test('the durations are the spec ones: 2 s success; 4 s plain, error and custom; loading has no time-out', () => {
  expect(noticeDurations).toEqual({ success: 2000, blank: 4000, error: 4000, custom: 4000, loading: Infinity });
  notify.success('saved');
  notify.error('refused');
  notify.info('plain');
  notify.loading('working');
  toast.custom('custom');
  const byType = Object.fromEntries(held(toasterOptions).map((t) => [t.type, t.duration]));
  expect(byType).toEqual({ success: 2000, error: 4000, blank: 4000, loading: Infinity, custom: 4000 });
});

test('the notices sit at the top centre with those options', () => {
  const element = ToasterNotices() as ReactElement<{ position: string; toastOptions: DefaultToastOptions }>;
  expect(isValidElement(element)).toBe(true);
  expect(element.type).toBe(Toaster);
  expect(element.props.position).toBe('top-center');
  expect(noticePosition).toBe('top-center');
  expect(element.props.toastOptions).toBe(toasterOptions);
});

test('at most 20 notices are held at once, the newest kept', () => {
  expect(maxNotices).toBe(20);
  for (let i = 1; i <= 25; i++) notify.info(`notice ${i}`);
  const toasts = held(toasterOptions);
  expect(toasts).toHaveLength(20);
  expect(toasts.map((t) => t.message)).toContain('notice 25');
  expect(toasts.map((t) => t.message)).not.toContain('notice 5');
});
