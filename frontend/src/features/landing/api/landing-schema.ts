import { publicRoutes } from '@akhada/contracts/http/public';

const Response = publicRoutes.landing.responses[200];

/** Parses the landing content with its contract; a drifting server is caught here, not in the page. */
export function parseLandingContent(json: unknown) {
  const result = Response.safeParse(json);
  if (!result.success) {
    console.error('[api] response of GET /public/landing does not match its contract', result.error.issues);
    throw new Error('Unexpected response from GET /public/landing');
  }
  return result.data.data;
}
