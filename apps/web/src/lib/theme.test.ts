import { beforeEach, describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { stubBrowserStorage } from '../../test/browser-storage.ts';
import { motionWanted, saveAppearance, storedAppearance, themeConfig } from './theme.ts';

beforeEach(() => stubBrowserStorage());

describe('appearance', () => {
  it('is light and compact until something else is chosen, then remembered in this browser', () => {
    expect(storedAppearance()).toEqual({ theme: 'light', compact: true });
    saveAppearance({ theme: 'dark', compact: false });
    expect(storedAppearance()).toEqual({ theme: 'dark', compact: false });
  });

  it("uses antd's algorithms: dark or default, plus compact when chosen", () => {
    expect(themeConfig({ theme: 'dark', compact: true }).algorithm).toEqual([
      theme.darkAlgorithm,
      theme.compactAlgorithm,
    ]);
    expect(themeConfig({ theme: 'light', compact: false }).algorithm).toEqual([theme.defaultAlgorithm]);
  });

  it("animates for users; the browser tests' flag turns antd's motion off", () => {
    expect(motionWanted()).toBe(true);
    expect(themeConfig({ theme: 'light', compact: true }).token).toBeUndefined();
    localStorage.setItem('armature.motion', 'off');
    expect(motionWanted()).toBe(false);
    expect(themeConfig({ theme: 'light', compact: true }, motionWanted()).token).toEqual({ motion: false });
  });
});
