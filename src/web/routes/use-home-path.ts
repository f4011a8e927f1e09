// "Home" depends on who is signed in (docs/architecture.md "The clerks' desk"): for a staff member it is the request desk,
// where their working day starts; for everyone else the portal's home page. The header's brand
// link and the breadcrumb's first crumb read it.
import { selectArea, selectIsLoggedIn } from '#machines/auth.ts';
import { AuthActor } from '../app/machines.ts';
import { Paths } from './paths.ts';

export function useHomePath(): string {
  const isStaff = AuthActor.useSelector((snapshot) => selectIsLoggedIn(snapshot) && selectArea(snapshot) === 'BO');
  return isStaff ? Paths.boRequests : Paths.home;
}
