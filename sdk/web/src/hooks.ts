import { useUnit } from 'effector-react';
import { can, type PermissionTable, type PlanFeature, type SessionUser } from '@atende/core-contract';
import { $token, $user } from './session.model.js';
import { api } from './api.js';

/** The signed-in user (null when signed out). */
export function useCurrentUser(): SessionUser | null {
  return useUnit($user);
}

/** The signed-in user's company, with its plan flags (null when signed out). */
export function useCompany(): SessionUser['company'] | null {
  return useUnit($user)?.company ?? null;
}

/** The current access token (null when signed out). */
export function useToken(): string | null {
  return useUnit($token);
}

/** Whether the company's plan has this feature (one of the spec's flags or one a plugin declares). */
export function usePlanFlag(flag: PlanFeature): boolean {
  return useCompany()?.planFlags[flag] ?? false;
}

/** Whether the current user may do this, by the kernel table or a plugin's own table. */
export function useCan(permission: string, table?: PermissionTable): boolean {
  return can(useUnit($user), permission, table);
}

/** The `api` client, as a hook. */
export function useApi() {
  return api;
}
