/**
 * What the shell shares as 'react-router-dom' (one router for the shell and every plugin remote).
 * A shared module is loaded whole, and the package whole is ~63 kB gzip (data routers, framework mode,
 * server cookies and sessions): the shell uses <BrowserRouter>, so only the declarative API works here
 * anyway. This module re-exports just that (~15 kB gzip); ROUTER_EXPORTS in @atende/sdk-web/federation
 * lists the same names, and a remote importing another name fails its build.
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
