import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Guards keeping the administration of users and roles from locking everyone out. */
export const USERS_ERRORS = {
  static_role: {
    status: 409,
    message: {
      'zh-CN': '内置角色 admin 不能删除、改名或更改权限',
      'en-US': 'The built-in admin role cannot be deleted, renamed or have its permissions changed',
      'fr-FR': 'Le rôle intégré admin ne peut être ni supprimé, ni renommé, ni modifié dans ses autorisations',
    },
  },
  self_delete: {
    status: 409,
    message: {
      'zh-CN': '不能删除当前登录的账号',
      'en-US': 'You cannot delete your own account',
      'fr-FR': 'Vous ne pouvez pas supprimer votre propre compte',
    },
  },
  last_admin: {
    status: 409,
    message: {
      'zh-CN': '必须至少保留一个启用的管理员账号',
      'en-US': 'At least one active administrator account must remain',
      'fr-FR': 'Il doit rester au moins un compte administrateur actif',
    },
  },
} as const satisfies ErrorCatalogue;
