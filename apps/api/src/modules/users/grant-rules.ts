import { isMakerPermission } from '@armature/domain';
import { AppError } from '../../core/http/app-error.ts';
import { holds, type Principal } from '../../core/auth/principal.ts';

/** What one entry of a request gives: a permission (`permissions.3.name`) or a role's grants (`roleNames.0`). */
export type Gift = { path: string; permissions: readonly string[] };

/**
 * Nobody gives, directly or through a role, a permission they do not hold (403 `grant_not_held`), and
 * the maker's permissions go only from the maker's admin to the maker's staff and roles (403
 * `maker_grant`): `holderClientId` is the receiving user's or role's client, null for the maker's.
 * `details` name the refused entries.
 */
export function assertMayGive(editor: Principal, holderClientId: string | null, gifts: readonly Gift[]): void {
  const makerOnly: Record<string, string[]> = {};
  const notHeld: Record<string, string[]> = {};
  for (const gift of gifts) {
    if (gift.permissions.some(isMakerPermission) && (!editor.isAdmin || holderClientId !== null))
      makerOnly[gift.path] = ['invalid'];
    else if (!gift.permissions.every((permission) => holds(editor, permission))) notHeld[gift.path] = ['invalid'];
  }
  if (Object.keys(makerOnly).length) throw new AppError('maker_grant', {}, makerOnly);
  if (Object.keys(notHeld).length) throw new AppError('grant_not_held', {}, notHeld);
}
