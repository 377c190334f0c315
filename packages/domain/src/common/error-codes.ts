import type { Localized } from '../i18n/locales.ts';

/**
 * Every error the API can answer, with its HTTP status and its message in the three languages.
 * The server localises `message` by Accept-Language; clients may also translate by `code`.
 */
export const ERRORS = {
  validation_failed: {
    status: 400,
    message: {
      'zh-CN': '输入有误，请检查标出的字段',
      'en-US': 'Some fields are invalid',
      'fr-FR': 'Certains champs sont invalides',
    },
  },
  bad_request: {
    status: 400,
    message: { 'zh-CN': '请求无效', 'en-US': 'The request is invalid', 'fr-FR': 'La requête est invalide' },
  },
  unauthorized: {
    status: 401,
    message: { 'zh-CN': '请先登录', 'en-US': 'Please sign in', 'fr-FR': 'Veuillez vous connecter' },
  },
  invalid_credentials: {
    status: 401,
    message: {
      'zh-CN': '用户名或密码错误',
      'en-US': 'Wrong user name or password',
      'fr-FR': "Nom d'utilisateur ou mot de passe incorrect",
    },
  },
  invalid_refresh_token: {
    status: 401,
    message: {
      'zh-CN': '登录已过期，请重新登录',
      'en-US': 'Your session has expired, please sign in again',
      'fr-FR': 'Votre session a expiré, veuillez vous reconnecter',
    },
  },
  refresh_token_reused: {
    status: 401,
    message: {
      'zh-CN': '检测到已使用过的刷新令牌，该会话已被注销，请重新登录',
      'en-US': 'A spent refresh token was reused; the session was revoked, please sign in again',
      'fr-FR':
        'Un jeton de renouvellement déjà utilisé a été présenté ; la session est révoquée, veuillez vous reconnecter',
    },
  },
  invalid_client: {
    status: 401,
    message: {
      'zh-CN': '客户端标识或密钥无效',
      'en-US': 'Unknown client or wrong client secret',
      'fr-FR': 'Client inconnu ou secret client incorrect',
    },
  },
  account_disabled: {
    status: 403,
    message: {
      'zh-CN': '账号未启用，请联系管理员',
      'en-US': 'This account is not active; ask an administrator to activate it',
      'fr-FR': "Ce compte n'est pas actif ; demandez à un administrateur de l'activer",
    },
  },
  forbidden: {
    status: 403,
    message: {
      'zh-CN': '没有权限执行此操作',
      'en-US': 'You do not have permission to do this',
      'fr-FR': "Vous n'avez pas l'autorisation de faire ceci",
    },
  },
  product_not_allowed: {
    status: 403,
    message: {
      'zh-CN': '您无权使用该产品',
      'en-US': 'You may not use this product',
      'fr-FR': "Vous n'êtes pas autorisé à utiliser ce produit",
    },
  },
  no_product_selected: {
    status: 409,
    message: {
      'zh-CN': '请先选择客户和产品',
      'en-US': 'Choose a client and a product first',
      'fr-FR': "Choisissez d'abord un client et un produit",
    },
  },
  not_found: {
    status: 404,
    message: { 'zh-CN': '记录不存在', 'en-US': 'The record does not exist', 'fr-FR': "L'enregistrement n'existe pas" },
  },
  route_not_found: {
    status: 404,
    message: { 'zh-CN': '接口不存在', 'en-US': 'No such API route', 'fr-FR': "Cette route d'API n'existe pas" },
  },
  duplicate: {
    status: 409,
    message: {
      'zh-CN': '{field}“{value}”已存在',
      'en-US': '{field} "{value}" already exists',
      'fr-FR': '{field} « {value} » existe déjà',
    },
  },
  in_use: {
    status: 409,
    message: {
      'zh-CN': '该记录正被{referrers}使用，无法删除',
      'en-US': 'This record is used by {referrers} and cannot be deleted',
      'fr-FR': 'Cet enregistrement est utilisé par {referrers} et ne peut pas être supprimé',
    },
  },
  stale_update: {
    status: 409,
    message: {
      'zh-CN': '该记录已被他人修改，请刷新后重试',
      'en-US': 'Someone else changed this record in the meantime; reload it and try again',
      'fr-FR': "Quelqu'un d'autre a modifié cet enregistrement entre-temps ; rechargez-le et réessayez",
    },
  },
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
  wrong_current_password: {
    status: 400,
    message: {
      'zh-CN': '当前密码不正确',
      'en-US': 'The current password is wrong',
      'fr-FR': 'Le mot de passe actuel est incorrect',
    },
  },
  invalid_reset_token: {
    status: 400,
    message: {
      'zh-CN': '重置令牌无效或已过期，请向管理员重新申请',
      'en-US': 'The reset token is invalid or has expired; ask an administrator for a new one',
      'fr-FR': 'Le jeton de réinitialisation est invalide ou expiré ; demandez-en un nouveau à un administrateur',
    },
  },
  too_many_attempts: {
    status: 429,
    message: {
      'zh-CN': '登录失败次数过多，请在 {minutes} 分钟后再试',
      'en-US': 'Too many failed sign-in attempts; try again in {minutes} min',
      'fr-FR': 'Trop de tentatives de connexion échouées ; réessayez dans {minutes} min',
    },
  },
  rate_limited: {
    status: 429,
    message: {
      'zh-CN': '请求过于频繁，请稍后再试',
      'en-US': 'Too many requests, please slow down',
      'fr-FR': 'Trop de requêtes, veuillez ralentir',
    },
  },
  idempotency_in_flight: {
    status: 409,
    message: {
      'zh-CN': '相同的请求正在处理中，请稍后再试',
      'en-US': 'The same request is still being processed; try again shortly',
      'fr-FR': 'La même requête est encore en cours de traitement ; réessayez dans un instant',
    },
  },
  idempotency_key_reused: {
    status: 409,
    message: {
      'zh-CN': '该幂等键已用于另一个请求',
      'en-US': 'This idempotency key was already used for a different request',
      'fr-FR': "Cette clé d'idempotence a déjà servi pour une autre requête",
    },
  },
  insufficient_stock: {
    status: 409,
    message: {
      'zh-CN': '库存不足：{stock} 现有 {available}，需要 {requested}，缺 {shortfall}',
      'en-US': 'Not enough stock: {stock} has {available}, {requested} requested, {shortfall} short',
      'fr-FR': 'Stock insuffisant : {stock} en compte {available}, {requested} demandés, il en manque {shortfall}',
    },
  },
  receipt_reversed: {
    status: 409,
    message: {
      'zh-CN': '该收料记录已冲销',
      'en-US': 'This receipt has already been reversed',
      'fr-FR': 'Cette réception a déjà été extournée',
    },
  },
  internal_error: {
    status: 500,
    message: {
      'zh-CN': '服务器内部错误，请稍后再试',
      'en-US': 'Something went wrong on the server; please try again',
      'fr-FR': "Une erreur s'est produite sur le serveur ; veuillez réessayer",
    },
  },
} as const satisfies Record<string, { status: number; message: Localized }>;

export type ErrorCode = keyof typeof ERRORS;

/** The body of every error response. `details` maps a field path (`roles.0`) to its localized messages. */
export type ErrorBody = {
  error: { code: ErrorCode; message: string; details?: Record<string, string[]> };
};
