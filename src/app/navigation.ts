/**
 * Client-side navigation that works before the router is loaded: the home page renders
 * without react-router (to keep its first download small) and hands over on first navigation.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => globalThis.location?.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export const navigateTo = (to: string): void => navigateImpl(to);
