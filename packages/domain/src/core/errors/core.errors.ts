import type { ErrorCatalogue } from './error-catalogue.ts';

/**
 * The errors any area may answer: malformed or refused requests, missing or conflicting records, the
 * product scope, throttling, idempotency and the unexpected. An area's own codes sit in its folder.
 */
export const CORE_ERRORS = {
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
  conflict: {
    status: 409,
    message: {
      'zh-CN': '数据已被同时进行的其他操作更改，请刷新后重试',
      'en-US': 'The data was changed by another operation at the same moment; reload and try again',
      'fr-FR': 'Les données ont été modifiées par une autre opération au même moment ; rechargez et réessayez',
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
  idempotency_key_mismatch: {
    status: 422,
    message: {
      'zh-CN': '该幂等键已用于请求内容不同的请求，新的请求请使用新的幂等键',
      'en-US': 'This idempotency key was already used with a different request body; use a new key for a new request',
      'fr-FR':
        "Cette clé d'idempotence a déjà servi avec un autre corps de requête ; utilisez une nouvelle clé pour une nouvelle requête",
    },
  },
  payload_too_large: {
    status: 413,
    message: {
      'zh-CN': '请求内容过大',
      'en-US': 'The request body is too large',
      'fr-FR': 'Le corps de la requête est trop volumineux',
    },
  },
  uri_too_long: {
    status: 414,
    message: {
      'zh-CN': '请求地址或参数过长',
      'en-US': 'The request address or one of its parameters is too long',
      'fr-FR': "L'adresse de la requête ou l'un de ses paramètres est trop long",
    },
  },
  unsupported_media_type: {
    status: 415,
    message: {
      'zh-CN': '不支持的请求内容类型',
      'en-US': 'The content type of the request is not supported',
      'fr-FR': "Le type de contenu de la requête n'est pas pris en charge",
    },
  },
  file_too_large: {
    status: 413,
    message: {
      'zh-CN': '文件超过 {limit} MB',
      'en-US': 'The file is larger than {limit} MB',
      'fr-FR': 'Le fichier dépasse {limit} Mo',
    },
  },
  file_type_refused: {
    status: 400,
    message: {
      'zh-CN': '文件内容不是允许的类型（{allowed}）',
      'en-US': 'The file’s content is not an allowed type ({allowed})',
      'fr-FR': 'Le contenu du fichier n’est pas d’un type autorisé ({allowed})',
    },
  },
  database_unavailable: {
    status: 503,
    message: {
      'zh-CN': '数据库暂时无法连接，请稍后再试',
      'en-US': 'The database is unreachable for the moment; please try again shortly',
      'fr-FR': 'La base de données est momentanément injoignable ; veuillez réessayer dans un instant',
    },
  },
  broker_unavailable: {
    status: 503,
    message: {
      'zh-CN': '无法连接MQTT消息服务器，设备数据暂时无法接收',
      'en-US': 'The MQTT broker is unreachable; machine telemetry cannot be received for the moment',
      'fr-FR': 'Le broker MQTT est injoignable ; la télémétrie des machines ne peut pas être reçue pour le moment',
    },
  },
  jobs_unavailable: {
    status: 503,
    message: {
      'zh-CN': '本服务器未运行后台任务，无法开始此项工作',
      'en-US': 'This server runs no background jobs, so this work cannot be started',
      'fr-FR': 'Ce serveur n’exécute pas de tâches de fond : ce travail ne peut pas être lancé',
    },
  },
  database_timeout: {
    status: 503,
    message: {
      'zh-CN': '数据库繁忙，本次操作已超时，请稍后再试',
      'en-US': 'The database took too long to answer and the operation was stopped; please try again shortly',
      'fr-FR':
        'La base de données a mis trop de temps à répondre et l’opération a été arrêtée ; veuillez réessayer dans un instant',
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
} as const satisfies ErrorCatalogue;
