import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  ACCOUNT_ENDPOINTS,
  USER_ACCOUNT_ENDPOINTS,
  USER_PRODUCT_SETTING_ENDPOINTS,
  type ProfileUpdate,
  type RegisterInput,
  type ResetPasswordInput,
} from '@armature/domain';
import { reloadCurrentUser, reloadProducts } from '../../lib/account.ts';
import { api } from '../../lib/api-client.ts';
import { asFieldError } from '../../lib/form-errors.ts';

const SETTING = USER_PRODUCT_SETTING_ENDPOINTS.get.path;

/** Every query key of the account screens. */
export const accountKeys = {
  /** The products the user may choose, with their clients. */
  userProducts: () => ['users', 'productbyuser'] as const,
  /** Every user setting, of whichever product. */
  settings: () => [SETTING] as const,
  // The settings follow the current product (the server reads it from the session); keys carry its id.
  setting: (productId: string) => [SETTING, productId] as const,
  effectiveWasteLength: (productId: string) => [SETTING, productId, 'waste-length'] as const,
};

export const accountQueries = {
  /** Also kept in the session (`reloadProducts`). */
  userProducts: () => queryOptions({ queryKey: accountKeys.userProducts(), queryFn: reloadProducts }),
  setting: (productId: string) =>
    queryOptions({
      queryKey: accountKeys.setting(productId),
      queryFn: ({ signal }) => api.call(USER_PRODUCT_SETTING_ENDPOINTS.get, { params: {}, signal }),
    }),
  /** The waste length in effect for the user, and whether it is theirs or the product's. */
  effectiveWasteLength: (productId: string) =>
    queryOptions({
      queryKey: accountKeys.effectiveWasteLength(productId),
      queryFn: ({ signal }) => api.call(USER_PRODUCT_SETTING_ENDPOINTS.wasteLength, { params: {}, signal }),
    }),
};

export const accountMutations = {
  /** Self-registration; the repetition of the password stays in the form. */
  register: () =>
    mutationOptions({
      mutationFn: ({ passwordConfirm: _repeated, ...input }: RegisterInput & { passwordConfirm?: string }) =>
        api.call(ACCOUNT_ENDPOINTS.register, { params: {}, body: input, tokenless: true }),
    }),
  forgotPassword: () =>
    mutationOptions({
      mutationFn: (input: { userName: string }) =>
        api.call(ACCOUNT_ENDPOINTS.forgotPassword, {
          params: {},
          body: { userName: input.userName.trim() },
          tokenless: true,
        }),
    }),
  /** A refused token is told on the token field. */
  resetPassword: () =>
    mutationOptions({
      mutationFn: ({ newPasswordConfirm: _repeated, ...input }: ResetPasswordInput & { newPasswordConfirm?: string }) =>
        api
          .call(ACCOUNT_ENDPOINTS.resetPassword, {
            params: {},
            body: { ...input, userName: input.userName.trim(), token: input.token.trim() },
            tokenless: true,
          })
          .catch((error: unknown) => {
            throw asFieldError(error, 'invalid_reset_token', 'token');
          }),
    }),
  /** A wrong current password is told on its field. */
  changePassword: () =>
    mutationOptions({
      mutationFn: async ({
        userId,
        currentPassword,
        newPassword,
      }: {
        userId: string;
        currentPassword: string;
        newPassword: string;
      }) => {
        await api
          .call(USER_ACCOUNT_ENDPOINTS.changePassword, {
            params: { id: userId },
            body: { currentPassword, newPassword },
          })
          .catch((error: unknown) => {
            throw asFieldError(error, 'wrong_current_password', 'currentPassword');
          });
        // The demo-password warning goes away once the password changed.
        await reloadCurrentUser();
      },
    }),
  profile: () =>
    mutationOptions({
      mutationFn: async (input: ProfileUpdate) => {
        await api.call(ACCOUNT_ENDPOINTS.profile, { params: {}, body: input });
        await reloadCurrentUser();
      },
    }),
  /** Empty: the product's waste length applies again. */
  saveSetting: () =>
    mutationOptions({
      mutationFn: (values: { wasteLength: number | null }) =>
        api.call(USER_PRODUCT_SETTING_ENDPOINTS.save, {
          params: {},
          body: { wasteLength: values.wasteLength ?? null },
        }),
    }),
};
