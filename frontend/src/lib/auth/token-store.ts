/**
 * The session token lives in localStorage under `token`. This module is the only place that touches it,
 * and it tells subscribers when it changes (also when another tab signs in or out).
 */
const KEY = 'token';

export type TokenChangeReason = 'signed-in' | 'refreshed' | 'signed-out' | 'expired' | 'other-tab';
type Listener = (token: string | null, reason: TokenChangeReason) => void;

const listeners = new Set<Listener>();
let memoryToken: string | null = null;

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return memoryToken;
  }
}

function write(token: string | null) {
  memoryToken = token;
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable (private mode): keep it in memory */
  }
}

function emit(token: string | null, reason: TokenChangeReason) {
  for (const l of listeners) l(token, reason);
}

export function getToken(): string | null {
  return read();
}

export function setToken(token: string, reason: 'signed-in' | 'refreshed' = 'signed-in') {
  write(token);
  emit(token, reason);
}

export function clearToken(reason: 'signed-out' | 'expired') {
  const had = read() !== null;
  write(null);
  if (had || reason === 'signed-out') emit(null, reason);
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY || e.key === null) emit(e.key === null ? null : e.newValue, 'other-tab');
  });
}
