/**
 * The router every app uses, shared as one singleton from the host. Apps import these names from here,
 * never from 'react-router': Module Federation cannot tree-shake a shared package (every export of
 * 'react-router' would ship on `/` for the dozen names the apps use), but it can tree-shake
 * what this module imports. A name an app needs is added here (lint keeps 'react-router' out of the apps).
 */
export {
  BrowserRouter,
  HashRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavigationType,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
} from 'react-router';
export type { Location, NavigateFunction, NavigateOptions, To } from 'react-router';
