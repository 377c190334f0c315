import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { homeUrl } from './home-page.ts';
import { requireSession } from './route-guards.ts';
import { firstScreenUrl } from './visible-menus.ts';

// The guards of the signed-in routes that need every area's screens (`signed-in.tsx` loads them).

/** System and menu urls (and `/`) open their first page that has a screen. */
export function redirectToFirstPage(under: string) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    const session = await requireSession(args);
    const target = firstScreenUrl(session.menus ?? [], under);
    if (target) throw redirect(target);
    if (under !== '/') throw data(null, { status: 404 });
    return null;
  };
}

/** `/` opens the user's home (`homeUrl`: a plant user's dashboard, a maker's first page); with none, the home view. */
export async function redirectHome(args: LoaderFunctionArgs): Promise<null> {
  const session = await requireSession(args);
  const target = homeUrl(session.menus);
  if (target !== '/') throw redirect(target);
  return null;
}
