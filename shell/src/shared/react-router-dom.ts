/**
 * The shell's own 'react-router-dom' (an alias in vite.config.ts): the declarative API only. The package
 * whole is ~63 kB gzip (data routers, framework mode, server cookies and sessions) and the shell uses
 * <BrowserRouter>, so this module re-exports just that (~15 kB gzip) on the first load. Plugin remotes
 * receive the whole of 'react-router' as their 'react-router-dom' (atendeHost in vite.config.ts), loaded
 * with the first remote: the same module instance, so they see the shell's router.
 * Imports 'react-router' (what react-router-dom re-exports): 'react-router-dom' itself is this module.
 */
export {
  BrowserRouter,
  HashRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  NavigationType,
  Outlet,
  Route,
  Router,
  Routes,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
