import { z } from 'zod';
import { BUTTON_LABELS, type ButtonKey } from './menu-definition.ts';

/** Response schemas of the menu tree (`permissions/base`, `permissions/usermenus`), see menu-tree.ts. */
const buttonKeys = Object.keys(BUTTON_LABELS) as [ButtonKey, ...ButtonKey[]];

export const buttonNodeSchema = z.object({ id: z.string(), text: z.string(), key: z.enum(buttonKeys) });

/** What every routable node (system, menu, page) carries. */
const routeNode = z.object({
  id: z.string(),
  text: z.string(),
  url: z.string(),
  icon: z.string(),
  sort: z.number().int(),
});

export const pageNodeSchema = routeNode.extend({
  subRoutes: z.array(z.enum(['add', 'update/:id', 'detail/:id', 'children/:id'])),
  buttons: z.array(buttonNodeSchema),
});

export const menuNodeSchema = routeNode.extend({
  pages: z.array(pageNodeSchema),
});

export const systemNodeSchema = routeNode.extend({
  menues: z.array(menuNodeSchema),
});

export const menuTreeSchema = z.array(systemNodeSchema);
