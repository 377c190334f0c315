import { describe, expect, it } from 'vitest';
import { techniqueResource, type FieldDef } from '@armature/domain';
import { fieldValue } from './field-values.ts';

const nameField = techniqueResource.fields.name as FieldDef;
const cut = { code: 'CUT', name: '剪切', nameEn: 'Cutting', nameFr: null };

describe('fieldValue of a translated name', () => {
  it("shows the interface language's name, and the base name where it has none", () => {
    expect(fieldValue(cut, 'name', nameField, 'en-US', ', ')).toBe('Cutting');
    expect(fieldValue(cut, 'name', nameField, 'fr-FR', ', ')).toBe('剪切');
    expect(fieldValue(cut, 'name', nameField, 'zh-CN', ', ')).toBe('剪切');
  });

  it('leaves names without translations as they are', () => {
    expect(fieldValue({ name: 'LINE1' }, 'name', nameField, 'en-US', ', ')).toBe('LINE1');
  });
});
