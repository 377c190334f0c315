export const LOGIN_PATH = '/auth/login';
export const REGISTER_PATH = '/auth/register';
export const FORGET_PATH = '/auth/forget';
export const RESET_PATH = '/auth/reset';
export const CHOOSE_PRODUCT_PATH = '/auth/choose';
export const CHANGE_PASSWORD_PATH = '/auth/change-password';
export const PROFILE_PATH = '/auth/profile';
/** A bundle tag's public page (what its QR code opens). */
export const SCAN_PATH = '/scan/:id';
/** A drop's public page (the site contact's link). */
export const DROP_PATH = '/drop/:token';

/** Only same-origin relative paths may be redirect targets (no `//host` or `/\host`). */
export function safeTarget(to: string | null | undefined): string | undefined {
  return to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : undefined;
}

/** `path` with `?to=<target>`, the page to continue to afterwards. */
export function withTarget(path: string, target: string | undefined): string {
  return target && target !== '/' ? `${path}?to=${encodeURIComponent(target)}` : path;
}

/** The pages open without a session (and `/scan/:id`, a bundle tag's public page; `/drop/:token`, a drop's). */
const PUBLIC_PATHS = [LOGIN_PATH, REGISTER_PATH, FORGET_PATH, RESET_PATH];
const PUBLIC_PREFIXES = ['/scan/', '/drop/'];

export function isPublicPath(pathname: string): boolean {
  return (
    PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '')) || PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}
