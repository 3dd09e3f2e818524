// A benchmark's user on a Junction it runs in process: an API caller over `app.inject` and one
// signed-up account. Plain JavaScript so both the tsx roles (support.ts listenWithUser) and the
// built server's role under plain node (engine-built.mjs) use it.

/** Signs a benchmark user up on `app`; answers the caller (throws on a status of 300 or more) and its token. */
export async function signUpBenchUser(app) {
  const call = async (method, url, body, token) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const grant = await call('POST', '/api/auth/sign-up', {
    email: `bench-${Date.now()}@example.com`,
    password: 'Plenty-of-letters-42',
    firstName: 'Bench',
  });
  return { call, token: grant.token };
}
