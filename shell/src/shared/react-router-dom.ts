/**
 * The router of the shell and of every plugin remote ('react-router-dom' here by an alias in
 * vite.config.ts, and what atendeHost shares as 'react-router-dom'): the declarative API only. The
 * package whole is ~63 kB gzip (data routers, framework mode, server cookies and sessions) and the shell
 * renders <BrowserRouter>, so only this API works inside it anyway; a shared module is kept whole, so
 * sharing the package would keep all of it in the start-up chunk. A remote importing another name gets
 * undefined: add the name here.
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
