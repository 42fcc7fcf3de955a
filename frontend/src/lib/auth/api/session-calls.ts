/**
 * The session's calls, loaded only when there is a session to check (a stored token) or to end: a guest on the
 * public pages never downloads the API client and its contract schemas.
 */
export { ApiError } from '../../api-error';
export { getMe } from './get-me';
export { logout } from './logout';
export { refreshToken } from './refresh-token';
