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
  // Nobody grants what they do not hold; the maker's permissions and roles are the maker's.
  grant_not_held: {
    status: 403,
    message: {
      'zh-CN': '只能授予自己拥有的权限，只能分配其权限全部为自己所拥有的角色',
      'en-US': 'You can only grant permissions you hold, and assign roles whose every permission you hold',
      'fr-FR':
        'Vous ne pouvez accorder que des autorisations que vous détenez, et attribuer que des rôles dont vous détenez toutes les autorisations',
    },
  },
  maker_grant: {
    status: 403,
    message: {
      'zh-CN': '设备厂商的权限和 admin 角色只能由厂商管理员授予厂商员工及厂商角色',
      'en-US':
        "Only the equipment maker's administrator grants the maker's permissions and the admin role, and only to the maker's staff and roles",
      'fr-FR':
        "Seul l'administrateur du fabricant accorde les autorisations du fabricant et le rôle admin, et seulement au personnel et aux rôles du fabricant",
    },
  },
  own_grants: {
    status: 403,
    message: {
      'zh-CN': '不能更改自己的角色或权限',
      'en-US': 'You cannot change your own roles or permissions',
      'fr-FR': 'Vous ne pouvez pas modifier vos propres rôles ou autorisations',
    },
  },
  template_role: {
    status: 403,
    message: {
      'zh-CN': '设备厂商的角色模板只能由厂商管理员修改',
      'en-US': "The equipment maker's role templates are edited by its administrator only",
      'fr-FR': 'Les modèles de rôle du fabricant ne sont modifiés que par son administrateur',
    },
  },
} as const satisfies ErrorCatalogue;
