import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Signing in, tokens, clients of the token endpoint and passwords. */
export const ACCOUNT_ERRORS = {
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
} as const satisfies ErrorCatalogue;
