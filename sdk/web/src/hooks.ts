import { useUnit } from 'effector-react';
import { can, type PermissionTable, type PlanFeature, type SessionUser } from '@atende/core-contract';
import { $token, $user } from './session.model.js';
import { api } from './api.js';

export function useCurrentUser(): SessionUser | null {
  return useUnit($user);
}

export function useCompany(): SessionUser['company'] | null {
  return useUnit($user)?.company ?? null;
}

export function useToken(): string | null {
  return useUnit($token);
}

export function usePlanFlag(flag: PlanFeature): boolean {
  return useCompany()?.planFlags[flag] ?? false;
}

/** Whether the current user may do this, by the kernel table or a plugin's own table. */
export function useCan(permission: string, table?: PermissionTable): boolean {
  return can(useUnit($user), permission, table);
}

export function useApi() {
  return api;
}
