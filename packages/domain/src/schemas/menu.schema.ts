import { z } from 'zod';
import { BUTTON_LABELS, type ButtonKey } from '../menu/menu-definition.ts';

/** Response schemas of the menu tree (`permissions/base`, `permissions/usermenus`), see menu-tree.ts. */
const buttonKeys = Object.keys(BUTTON_LABELS) as [ButtonKey, ...ButtonKey[]];

export const buttonNodeSchema = z.object({ id: z.string(), text: z.string(), key: z.enum(buttonKeys) });

export const pageNodeSchema = z.object({
  id: z.string(),
  text: z.string(),
  url: z.string(),
  icon: z.string(),
  sort: z.number().int(),
  subRoutes: z.array(z.enum(['add', 'update/:id', 'detail/:id', 'children/:id'])),
  buttons: z.array(buttonNodeSchema),
});

export const menuNodeSchema = z.object({
  id: z.string(),
  text: z.string(),
  url: z.string(),
  icon: z.string(),
  sort: z.number().int(),
  pages: z.array(pageNodeSchema),
});

export const systemNodeSchema = z.object({
  id: z.string(),
  text: z.string(),
  url: z.string(),
  icon: z.string(),
  sort: z.number().int(),
  menues: z.array(menuNodeSchema),
});

export const menuTreeSchema = z.array(systemNodeSchema);
