import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Profile } from '@atende/core-contract';

/** The signed-in user as the kernel's auth guard puts it on the request. */
export interface AuthUser {
  id: number;
  companyId: number;
  profile: Profile;
  super: boolean;
}

export const PUBLIC_ROUTE = 'atende:public';
export const ALLOW_EXPIRED = 'atende:allow-expired';
export const REQUIRED_PERMISSION = 'atende:permission';
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

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  const req = ctx.switchToHttp().getRequest<{ user?: AuthUser }>();
  return req.user;
});
