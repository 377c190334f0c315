import { lazy } from 'react';
import { lazyView, type LazyRoute } from '../../lib/lazy-screens.ts';

/**
 * The client-and-product chooser for the layout's header dialog. Lazy, so that importing this index
 * (the router does, for the routes below) does not put its form and selects on the login page.
 */
export const ProductChooserForm = lazy(async () => ({
  default: (await import('./product-chooser-form.tsx')).ProductChooserForm,
}));

/**
 * The account screens, each its own chunk. The app places them (public, behind the sign-in, inside
 * the layout) and adds the guards; the paths are the app's too.
 */
export const accountScreens = {
  login: lazyView(
    () => import('./login.view.tsx'),
    (module) => module.LoginView,
  ),
  register: lazyView(
    () => import('./register.view.tsx'),
    (module) => module.RegisterView,
  ),
  forget: lazyView(
    () => import('./forget.view.tsx'),
    (module) => module.ForgetView,
  ),
  reset: lazyView(
    () => import('./reset.view.tsx'),
    (module) => module.ResetView,
  ),
  chooseProduct: lazyView(
    () => import('./choose-product.view.tsx'),
    (module) => module.ChooseProductView,
  ),
  profile: lazyView(
    () => import('./profile.view.tsx'),
    (module) => module.ProfileView,
  ),
  changePassword: lazyView(
    () => import('./change-password.view.tsx'),
    (module) => module.ChangePasswordView,
  ),
} satisfies Record<string, LazyRoute>;
