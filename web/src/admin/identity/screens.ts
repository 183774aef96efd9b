import type { AdminScreen } from '../screens.ts';

export const identityScreens: AdminScreen[] = [];
