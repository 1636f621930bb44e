import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Profile } from '@atende/core-contract';

/** The signed-in user as the kernel's auth guard puts it on the request. */
export interface AuthUser {
  id: number;
  companyId: number;
  profile: Profile;
  super: boolean;
}

/** Metadata key `@Public()` sets: the auth guard lets the route through without a token. */
export const PUBLIC_ROUTE = 'atende:public';
/** Metadata key `@AllowExpired()` sets: the route stays open while the company's subscription is expired. */
export const ALLOW_EXPIRED = 'atende:allow-expired';
/** Metadata key `@RequirePermission()` sets: the permission the guard checks against the kernel's and plugins' tables. */
export const REQUIRED_PERMISSION = 'atende:permission';
/** Metadata key `@WithoutPlanFlag()` sets: the route is served to companies whose plan lacks the plugin's flag. */
export const WITHOUT_PLAN_FLAG = 'atende:without-plan-flag';

/** Marks a route as reachable without a token (sign-in, health). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/**
 * The route stays reachable when the company's subscription has expired (sign-in, own company and
 * plan, billing); every other route answers 402 ERR_SUBSCRIPTION_EXPIRED.
 */
export const AllowExpired = () => SetMetadata(ALLOW_EXPIRED, true);

/**
 * On a plugin's controller or route: reachable by companies whose plan lacks the plugin's `planFlag`
 * (a core page the spec gives every plan, served by a plugin that is otherwise plan-gated, such as
 * keywords in the flow builder). Permissions still apply. Its pages say `withoutPlanFlag: true` in the manifest.
 */
export const WithoutPlanFlag = () => SetMetadata(WITHOUT_PLAN_FLAG, true);

/** The route needs this permission from the kernel table or the owning plugin's table. */
export const RequirePermission = (permission: string) => SetMetadata(REQUIRED_PERMISSION, permission);

/** Parameter decorator: the signed-in `AuthUser` of the request (undefined on a `@Public()` route without a token). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  const req = ctx.switchToHttp().getRequest<{ user?: AuthUser }>();
  return req.user;
});
