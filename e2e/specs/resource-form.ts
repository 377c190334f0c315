import { expect, type Page } from '@playwright/test';
import type { FieldDef, Resource } from '@armature/domain';
import { announced, messageMark } from './messages.ts';

/** What a user types or picks for one field, and how the list shows it afterwards. */
type Entry = { field: string; definition: FieldDef; typed?: string };

/** A value of the field's kind, distinct per run (`tag`) where it must be unique. */
function sample(name: string, field: FieldDef, tag: string): string | undefined {
  switch (field.kind) {
    case 'code':
      return `E2E-${tag}`;
    case 'text':
      if (name === 'grade') return `HRB${tag.slice(-3)}`;
      return field.multiline ? `Created by the browser test ${tag}` : `${name} ${tag}`.slice(0, field.max);
    case 'telephone':
      return '13800001111';
    case 'int':
      // Distinct diameters keep grade + diameter unique; within every bound the definitions declare.
      return String(Math.min(field.max, Math.max(field.min, name === 'diameter' ? 13 : field.min + 1)));
    case 'decimal':
      return String(Math.min(field.max, Math.max(field.min, 1.5)));
    case 'intList':
      return String(Math.min(field.max, Math.max(field.min, 9000)));
    case 'date':
      return '2026-12-01';
    default:
      return undefined;
  }
}

/** The fields a user fills on the add page: every editable one (references pick their first option). */
/**
 * The translated names (`nameEn`, `nameFr`) stay empty: a list shows the interface language's name, so the
 * round trip's edited `name` shows in every language (translations have their own test).
 */
const TRANSLATIONS = new Set(['nameEn', 'nameFr']);

export function entriesOf(resource: Resource, tag: string): Entry[] {
  return Object.entries(resource.fields as Record<string, FieldDef>)
    .filter(([name, field]) => !field.readOnly && field.kind !== 'enum' && !TRANSLATIONS.has(name))
    .map(([field, definition]) => ({ field, definition, typed: sample(field, definition, tag) }));
}

async function fillField(page: Page, { field, definition, typed }: Entry) {
  const input = page.getByTestId(`field-${field}`);
  if (definition.kind === 'reference') {
    await input.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    // The next select's options must not be taken from this dropdown while it fades out.
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  } else if (definition.kind === 'partList') {
    // One row: the first record of the picker, quantity 1.
    await page.getByTestId(`field-${field}-add`).click();
    await page.getByTestId(`field-${field}-0-id`).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  } else if (definition.kind === 'date') {
    // Tab, not Enter: Enter in the picker would also submit the form.
    await input.fill(typed ?? '');
    await input.press('Tab');
  } else if (definition.kind === 'intList') {
    await input.click();
    await page.keyboard.type(typed ?? '');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
  } else {
    await input.fill(typed ?? '');
  }
}

/** Fills an add page from the resource definition and saves it; the app returns to the list. */
export async function createThroughForm(page: Page, resource: Resource, tag: string) {
  await page.getByTestId('list-add').click();
  for (const entry of entriesOf(resource, tag)) await fillField(page, entry);
  const mark = await messageMark(page);
  await page.getByTestId('form-submit').click();
  await announced(page, '', { kind: 'success', after: mark });
  await expect(page.getByTestId('list-table')).toBeVisible();
}

/** The list's label of the record created with `tag` (a rebar spec is named from its grade and diameter). */
export function labelOf(resource: Resource, tag: string): string {
  const values = Object.fromEntries(entriesOf(resource, tag).map((entry) => [entry.field, entry.typed]));
  if (resource.derive) {
    const derived = resource.derive({ ...values, diameter: Number(values.diameter) });
    return String(derived[resource.labelField] ?? values[resource.labelField]);
  }
  return String(values[resource.labelField]);
}

/**
 * The field the update test changes and the new value: the first text or number the list shows that is
 * neither the record's label nor part of a unique set (so the row keeps its name).
 */
export function editedFieldOf(resource: Resource, tag: string): { field: string; value: string } {
  const unique = new Set(resource.unique.flat());
  const entry = Object.entries(resource.fields as Record<string, FieldDef>).find(
    ([name, field]) =>
      !field.readOnly &&
      !field.hiddenInList &&
      !unique.has(name) &&
      name !== resource.labelField &&
      (field.kind === 'text' || field.kind === 'decimal'),
  );
  if (!entry) throw new Error(`${resource.name} has no field to edit`);
  const [field, definition] = entry;
  return { field, value: definition.kind === 'decimal' ? '2.25' : `Edited ${tag}` };
}

export async function search(page: Page, keyword: string) {
  const box = page.locator('input[data-testid="list-search"], [data-testid="list-search"] input').first();
  await box.fill(keyword);
  await box.press('Enter');
}

/**
 * The confirm dialog (antd's, class `armature-confirm`) once it has finished opening: a click in its
 * first frames, before the zoom animation has run, can land nowhere (CI saw a delete never sent).
 */
export const openConfirmDialog = (page: Page) =>
  page.locator('.armature-confirm:not([class*="-appear"]):not([class*="-enter"])');

/** The OK button of the opened confirm dialog. */
export const confirmDialogOk = (page: Page) => openConfirmDialog(page).locator('.ant-btn-primary');
