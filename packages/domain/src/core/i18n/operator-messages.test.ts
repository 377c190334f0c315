import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { OPERATOR_MESSAGES, operatorLocale, operatorMessage } from './operator-messages.ts';

describe('operator messages', () => {
  it('exist in every language with the same placeholders', () => {
    for (const [key, texts] of Object.entries(OPERATOR_MESSAGES)) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      for (const locale of LOCALES) {
        expect(texts[locale].trim(), `${key} ${locale}`).not.toBe('');
        expect(placeholders(texts[locale]), `${key} ${locale}`).toEqual(placeholders(texts['en-US']));
      }
    }
  });

  it('speak the language of the shell, English when it names none of ours', () => {
    expect(operatorLocale({ LANG: 'fr_FR.UTF-8' })).toBe('fr-FR');
    expect(operatorLocale({ LANG: 'en_GB.UTF-8', LC_ALL: 'zh_CN.UTF-8' })).toBe('zh-CN');
    expect(operatorLocale({ LANG: 'C.UTF-8' })).toBe('en-US');
    expect(operatorLocale({ LANG: 'de_DE.UTF-8' })).toBe('en-US');
    expect(operatorLocale({})).toBe('en-US');
  });

  it('fill in their placeholders', () => {
    expect(operatorMessage('restoreTargetInUse', 'en-US', { dataDir: '/srv/data' })).toBe(
      '/srv/data already holds a database: restore into a new (absent or empty) DATA_DIR.',
    );
  });
});
