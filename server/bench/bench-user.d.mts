/** Types of bench-user.mjs (plain JavaScript, shared with the built server's role). */
import type { FastifyInstance } from 'fastify';

/** Calls the API in process; throws on a status of 300 or more. */
// biome-ignore lint/suspicious/noExplicitAny: benchmarks read arbitrary JSON answers.
export type BenchCall = (method: string, url: string, body?: unknown, token?: string) => Promise<any>;

/** Signs a benchmark user up on `app`; answers the caller and the user's bearer token. */
export function signUpBenchUser(app: FastifyInstance): Promise<{ call: BenchCall; token: string }>;
