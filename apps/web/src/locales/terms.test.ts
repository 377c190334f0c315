import { describe, expect, it } from 'vitest';
import { BUTTON_LABELS, LOCALES, TASK_ACTION_LABELS, type ButtonKey, type Locale } from '@armature/domain';

// One term per thing in each language: the role screen names a
// permission by its button label, so the screen's button says the same verb.
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

/** The text at `namespace:dotted.key` in a locale's files. */
function text(locale: Locale, id: string): string {
  const [namespace = '', key = ''] = id.split(':');
  let node: unknown = files[`./${locale}/${namespace}.json`];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`${locale}/${id} is not a text`);
  return node;
}

/** The screens' buttons a permission allows: a verb, or the verb and what it acts on ("Cancel order"). */
const SCREEN_BUTTONS: readonly [ButtonKey, string][] = [
  ['confirm', 'planning:actions.confirm'],
  ['cancel', 'planning:actions.cancelOrder'],
  ['approve', 'cutPlan:actions.approve'],
  ['cancel', 'cutPlan:actions.cancelPlan'],
  ['release', 'processing:plan.release'],
  ['cancel', 'processing:plan.cancel'],
];

const TASK_BUTTONS = ['dispatch', 'start', 'pause', 'complete', 'fail', 'cancel'] as const;

describe.each([...LOCALES])('terms in %s', (locale) => {
  it.each(SCREEN_BUTTONS)('the %s permission and the button %s say the same verb', (button, id) => {
    expect(text(locale, id).toLocaleLowerCase(locale)).toMatch(
      new RegExp(`^${BUTTON_LABELS[button][locale].toLocaleLowerCase(locale)}`),
    );
  });

  it.each(TASK_BUTTONS)('the task button %s is labelled as its permission', (action) => {
    expect(TASK_ACTION_LABELS[action][locale]).toBe(BUTTON_LABELS[action][locale]);
  });

  it('writes buttons and recorded events with a capital, as every other label', () => {
    if (locale === 'zh-CN') return;
    for (const label of [...Object.values(BUTTON_LABELS), ...Object.values(TASK_ACTION_LABELS)])
      expect(label[locale]).toMatch(/^\p{Lu}/u);
  });
});

describe('the cutting plan', () => {
  it('is 优化加工方案 in every Chinese text, as in the menu', () => {
    const chinese = Object.entries(files).filter(([path]) => path.startsWith('./zh-CN/'));
    for (const [path, tree] of chinese)
      expect(JSON.stringify(tree), path).not.toMatch(/切割方案|排料方案|下料方案|(?<!加工)优化方案/);
  });
});
